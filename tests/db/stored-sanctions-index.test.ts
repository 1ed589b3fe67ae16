import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { testBackends } from "../support/databases.ts";
import type { Db } from "../../shared/db/types.ts";
import { loadOfacEntries } from "../support/ofac-entries.ts";
import { hasSharedData } from "../support/shared-data.ts";
import { buildSanctionsIndex, screenNames, type SanctionsEntry } from "../../shared/screening/index/sanctions-index.ts";
import {
  currentStoredLayout,
  sanctionsSourceSignature,
  screenNamesStored,
  storeIndexOf,
} from "../../shared/screening/index/stored-index.ts";

// Every tenth entry of the real OFAC lists (SDN + consolidated, with aliases): ~1,500 entries keeps PGlite quick.
const entries: SanctionsEntry[] = hasSharedData
  ? loadOfacEntries({ includeConsolidated: true }).entries.filter((_, i) => i % 10 === 0)
  : [];

function screenedNames(): string[] {
  const names: string[] = [];
  entries.slice(0, 1000).forEach((e, i) => {
    if (i % 10 === 0) names.push(e.name);
    if (i % 10 === 1 && e.aliases[0]) names.push(e.aliases[0].name);
    if (i % 10 === 2 && e.name.length > 6) names.push(e.name.slice(0, 3) + e.name.slice(4)); // a typo
    if (i % 10 === 3) names.push(`${e.name} Trading Co`); // extra words
    if (i % 10 === 4) names.push(e.name.split(/[ ,]+/).reverse().join(" ")); // order changed
  });
  const clean = readFileSync(new URL("../support/data/clean-company-names.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"));
  return [...names, ...clean.slice(0, 60), "", "x", "Ω".repeat(3000)];
}

for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(`stored sanctions index (${backend.name})`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await backend.open());
      await storeIndexOf(db, entries, await sanctionsSourceSignature(db));
    }, 300_000);
    afterAll(async () => close?.());

    it("screens with the same answers as the index built in memory, reading only the rows it needs", async () => {
      const layout = await currentStoredLayout(db);
      expect(layout).not.toBeNull();
      const names = screenedNames();
      const stored = await screenNamesStored(db, layout!, names);
      const memory = screenNames(buildSanctionsIndex(entries), names);
      expect([...stored]).toEqual([...memory]);
      const matched = [...memory.values()].filter(Boolean).length;
      expect(matched).toBeGreaterThan(150); // listed names, aliases, typos: a real comparison, not nulls only
      expect(matched).toBeLessThan(names.length - 60);
    }, 300_000);

    it("is not used once the list was re-imported (another import signature)", async () => {
      await db.query(
        `insert into reference_imports (table_name, source, row_count) values ('sanctions_ofac', 'test', 1)
           on conflict (table_name) do update set imported_at = now(), row_count = excluded.row_count`,
      );
      expect(await currentStoredLayout(db)).toBeNull();
    });
  });
}
