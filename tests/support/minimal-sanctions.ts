/**
 * A minimal sanctions list for the test databases: since issue 26 an empty sanctions table fails every
 * validation that names a party (the rules fail closed), so each test database starts with this list
 * imported through the real importer, as a server started with TDS_REFERENCE_DIR would. The entries are
 * invented (no real listed party), in OFAC's legacy CSV layout (dat_spec.txt: no header, "-0- " as null).
 * The file is written at test time and dated today, so the list is current for the run's staleness rule.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const NULL = "-0- ";
const row = (uid: number, name: string, type: string, program: string) =>
  [String(uid), `"${name}"`, type === "" ? NULL : `"${type}"`, `"${program}"`, ...Array(8).fill(NULL)].join(",");

/** Invented entries; names no test shipment uses. */
export const MINIMAL_SANCTIONS = [
  { uid: 990001, name: "ZYXQUORT TEST EMBARGO TRADING COMPANY", type: "", program: "SDGT" },
  { uid: 990002, name: "VELMOROKH FICTITIOUS SHIPPING LLC", type: "", program: "IRAN" },
  { uid: 990003, name: "QUARNETH, Ilyavor Testovich", type: "individual", program: "RUSSIA-EO14024" },
] as const;

/** Writes `ofac_sdn_<today>.csv` into `dir` (created) and returns the folder. */
export async function writeMinimalSanctionsDir(dir: string, today = new Date().toISOString().slice(0, 10)): Promise<string> {
  await mkdir(dir, { recursive: true });
  const lines = MINIMAL_SANCTIONS.map((e) => row(e.uid, e.name, e.type, e.program));
  await writeFile(join(dir, `ofac_sdn_${today}.csv`), `${lines.join("\r\n")}\r\n\x1a`);
  return dir;
}
