/**
 * A folder of reference files as the descriptors' finders see it: the walk (sub-folders searched, hidden
 * ones skipped), and picking the newest vintage among the names a finder recognises.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { decodeReferenceBytes, type DecodedText } from "../decode-reference-bytes.ts";

export interface FoundFile {
  path: string;
  /** Relative to the imported directory, "/"-separated. */
  rel: string;
  name: string;
}

export async function listFiles(dir: string, maxDepth = 4): Promise<FoundFile[]> {
  const out: FoundFile[] = [];
  const walk = async (d: string, depth: number) => {
    const entries = await readdir(d, { withFileTypes: true });
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory() && depth < maxDepth && !e.name.startsWith(".")) await walk(p, depth + 1);
      else if (e.isFile()) out.push({ path: p, rel: relative(dir, p).split("\\").join("/"), name: e.name });
    }
  };
  await walk(dir, 0);
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

export async function readText(file: FoundFile): Promise<DecodedText> {
  return decodeReferenceBytes(new Uint8Array(await readFile(file.path)));
}

/** The end of a file name pattern: the file may be gzipped. */
export const GZ = "(?:\\.gz)?$";

/** Sort key that orders embedded numbers numerically: "v4.0.1205" > "v4.0.999". */
function versionKey(parts: Array<string | number | undefined>): string {
  return parts.map((p) => String(p ?? "").replace(/\d+/g, (d) => d.padStart(12, "0"))).join("|");
}

export interface Candidate {
  file: FoundFile;
  key: string;
  m: RegExpMatchArray;
}

/** The files whose name matches `re`, each with its version key (from the match's groups). */
export function matches(
  files: readonly FoundFile[],
  re: RegExp,
  key: (m: RegExpMatchArray) => Array<string | number | undefined>,
): Candidate[] {
  return files.flatMap((file) => {
    const m = file.name.match(re);
    return m ? [{ file, m, key: versionKey(key(m)) }] : [];
  });
}

export function newest(cands: Candidate[]): Candidate | undefined {
  return cands.reduce<Candidate | undefined>((best, c) => (!best || c.key > best.key ? c : best), undefined);
}
