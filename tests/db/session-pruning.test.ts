import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import type { Db } from "../../shared/db/types.ts";
import { createAccount } from "../../shared/accounts/account-repository.ts";
import { insertMember } from "../../shared/accounts/member-repository.ts";
import { createSession, findSessionMember, pruneSessions } from "../../shared/accounts/session-repository.ts";
import { sessionPruningTask } from "../../shared/accounts/session-pruning.ts";
import { sha256Hex } from "../../shared/hashing/sha256.ts";

for (const backend of testBackends()) {
  describe(`dashboard session pruning on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await backend.open());
    });
    afterAll(async () => close?.());

    const count = async (where: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from dashboard_sessions where ${where}`))[0].n;
    const stored = async (token: string) => (await count(`token_hash = '${await sha256Hex(token)}'`)) === 1;
    const ENDED_OVER_A_DAY_AGO = "expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'";

    /** Four sessions of a new member: live, expired two hours ago (kept), expired and revoked over a day ago (to prune). */
    async function fourSessions(): Promise<Record<"live" | "recent" | "expired" | "revoked", string>> {
      const account = await createAccount(db, "Pruning GmbH", "free");
      const member = await insertMember(db, {
        accountId: account.id,
        email: `${crypto.randomUUID()}@example.com`,
        role: "owner",
        passwordHash: "x",
      });
      const [live, recent, expired, revoked] = await Promise.all([0, 1, 2, 3].map(() => createSession(db, member)));
      const backdate = async (token: string, change: string) => {
        const { sessionId } = (await findSessionMember(db, token))!;
        await db.query(`update dashboard_sessions set ${change} where id = $1`, [sessionId]);
      };
      await backdate(recent.token, "expires_at = now() - interval '2 hours'");
      await backdate(expired.token, "expires_at = now() - interval '25 hours'");
      await backdate(revoked.token, "revoked_at = now() - interval '25 hours'");
      return { live: live.token, recent: recent.token, expired: expired.token, revoked: revoked.token };
    }

    it("pruneSessions deletes the sessions that ended more than a day ago, and only those", async () => {
      const s = await fourSessions();
      const before = await count("true");
      expect(await pruneSessions(db)).toBe(2);
      expect(await count("true")).toBe(before - 2);
      expect(await count("expires_at > now() - interval '3 hours' and expires_at < now()")).toBeGreaterThanOrEqual(1); // the recent one stays
      expect(await findSessionMember(db, s.live)).not.toBeNull();
      expect(await pruneSessions(db)).toBe(0);
    });

    it("the background task prunes at start and again on its schedule", async () => {
      await fourSessions();
      const task = sessionPruningTask({ db }, 50);
      try {
        await task.idle();
        expect(await count(ENDED_OVER_A_DAY_AGO)).toBe(0);
        const s = await fourSessions(); // more sessions ended long ago: a later scheduled run deletes them
        await expect.poll(async () => (await stored(s.expired)) || (await stored(s.revoked)), { timeout: 10_000 }).toBe(false);
        expect(await stored(s.live)).toBe(true);
        expect(await stored(s.recent)).toBe(true);
      } finally {
        await task.stop();
      }
    });
  });
}
