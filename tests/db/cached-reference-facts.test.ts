import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { hasSharedData, SHARED_DATA, sharedDataName } from "../support/reference-source-server.ts";
import type { Db, Queryable } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { forgetReferenceState, gatherReferenceFacts, type ReferenceLookupAsk } from "../../shared/reference/gather-reference-facts.ts";
import { gatherReferenceFactsCached } from "../../shared/reference/cached-reference-facts.ts";

const ASK: ReferenceLookupAsk = {
  hsCodes: {
    us: ["8471300100", "8517130000", "9999999999", "0101210010"],
    uk: ["8471300000", "9999999999", "847130"],
    eu: [],
  },
  ports: ["DEHAM", "USLAX", "ZZZZZ"],
};

/** The same database, counting the statements sent through it (its own object: its own caches). */
function counting(db: Db): Queryable & { count: number } {
  const q = {
    count: 0,
    query: (text: string, params?: unknown[]) => {
      // Lookups of codes only: while some table is empty (here: all but three), every validation also asks
      // which tables are loading right now (fail closed), and that answer must never be remembered.
      if (!text.includes("reference_refresh_state")) q.count++;
      return db.query(text, params);
    },
    exec: (script: string) => db.exec(script),
  };
  return q as Queryable & { count: number };
}

const plain = (f: Awaited<ReturnType<typeof gatherReferenceFacts>>) => ({
  ...f,
  hsCodes: Object.fromEntries(Object.entries(f.hsCodes).map(([k, v]) => [k, [...v].sort()])),
  ports: [...f.ports.entries()].sort(),
  countries: [...f.countries].sort(),
  currencies: [...f.currencies].sort(),
});

for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(sharedDataName(`reference facts remembered per process on ${backend.name}`), () => {
    let db: Db;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      await importReferenceDir(db, SHARED_DATA, { only: ["hs_codes_us", "port_codes", "countries"] });
    }, 180_000);
    afterAll(async () => {
      await close?.();
    });

    it("answers as gatherReferenceFacts does, and asks the database only for codes it has not seen", async () => {
      const direct = await gatherReferenceFacts(db, ASK);
      expect(direct.hsCodes.us.has("8471300100")).toBe(true);
      expect(direct.ports.has("DEHAM")).toBe(true);

      const q = counting(db);
      const first = await gatherReferenceFactsCached(q, ASK);
      expect(plain(first)).toEqual(plain(direct));
      expect(q.count).toBeGreaterThan(0);

      q.count = 0;
      const again = await gatherReferenceFactsCached(q, ASK);
      expect(q.count).toBe(0);
      expect(plain(again)).toEqual(plain(direct));

      // One new code: one query, for that code only; the remembered ones are merged in.
      const wider = { ...ASK, hsCodes: { ...ASK.hsCodes, us: [...ASK.hsCodes.us!, "8517620090"] } };
      const third = await gatherReferenceFactsCached(q, wider);
      expect(q.count).toBe(1);
      expect(plain(third)).toEqual(plain(await gatherReferenceFacts(db, wider)));

      // A new UTC day: UK lines are valid by date, so everything is asked again.
      q.count = 0;
      await gatherReferenceFactsCached(q, ASK, Date.now() + 86_400_000);
      expect(q.count).toBeGreaterThan(0);
    });

    it("forgets its answers when an import changes the reference data", async () => {
      const q = counting(db);
      expect((await gatherReferenceFactsCached(q, ASK)).ports.has("USLAX")).toBe(true);
      // What an import of the port list does: the rows change and reference_imports records it.
      const saved = await db.query("select * from port_codes where code = 'USLAX'");
      await db.query("delete from port_codes where code = 'USLAX'");
      await db.query("update reference_imports set imported_at = now() + interval '1 second' where table_name = 'port_codes'");
      forgetReferenceState(q); // the state is otherwise re-read within REFERENCE_STATE_TTL_MS
      try {
        const after = await gatherReferenceFactsCached(q, ASK);
        expect(after.ports.has("USLAX")).toBe(false);
        expect(after.ports.has("DEHAM")).toBe(true);
        expect(plain(after)).toEqual(plain(await gatherReferenceFacts(q, ASK)));
      } finally {
        for (const row of saved) {
          const cols = Object.keys(row);
          await db.query(
            `insert into port_codes (${cols.join(", ")}) values (${cols.map((_, i) => `$${i + 1}`).join(", ")})`,
            cols.map((c) => row[c]),
          );
        }
      }
    });
  });
}
