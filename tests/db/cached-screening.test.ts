import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { hasSharedData, SHARED_DATA } from "../support/reference-source-server.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { forgetReferenceState } from "../../shared/reference/gather-reference-facts.ts";
import { screenPartyNames } from "../../shared/screening/sanctions-screener.ts";
import { screenPartyNamesCached } from "../../shared/screening/cached-screening.ts";

const CLEAN = ["Müller Maschinenbau GmbH", "Pacific Coast Electronics Inc."];

for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(`party screening remembered per process on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let listed: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      await importReferenceDir(db, SHARED_DATA, { only: ["sanctions_ofac"] });
      listed = (await db.query<{ name: string }>("select name from sanctions_ofac where type = 'entity' order by uid limit 1"))[0].name;
    }, 180_000);
    afterAll(async () => {
      await close?.();
    });

    it("gives screenPartyNames' answers, the second time from memory too", async () => {
      const names = [listed, ...CLEAN];
      const direct = await screenPartyNames(db, names);
      expect(direct.get(listed)).not.toBeNull();
      expect(await screenPartyNamesCached(db, names)).toEqual(direct);
      expect(await screenPartyNamesCached(db, [...names].reverse())).toEqual(direct);
      expect(await screenPartyNamesCached(db, [])).toEqual(new Map());
    });

    it("screens again once an import changed the list", async () => {
      expect((await screenPartyNamesCached(db, [listed])).get(listed)).not.toBeNull();
      await db.query("delete from sanctions_ofac where name = $1", [listed]);
      await db.query("update reference_imports set imported_at = now() + interval '1 second' where table_name = 'sanctions_ofac'");
      forgetReferenceState(db);
      expect((await screenPartyNamesCached(db, [listed])).get(listed)?.name ?? null).not.toBe(listed);
    });
  });
}
