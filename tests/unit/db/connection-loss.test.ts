import { describe, expect, it } from "vitest";
import { connectionLoss, isReadOnlyStatement, mayResend } from "../../../shared/db/connection-loss.ts";

describe("which lost connections allow sending a statement again", () => {
  it("classifies the driver's and the server's errors", () => {
    expect(connectionLoss({ code: "ECONNREFUSED" })).toBe("before-sending");
    expect(connectionLoss({ code: "57P03" })).toBe("before-sending");
    for (const code of ["CONNECTION_CLOSED", "ECONNRESET", "57P01", "08006"]) expect(connectionLoss({ code })).toBe("in-flight");
    // Closed by the service itself, a constraint, a syntax error: not a lost connection.
    for (const code of ["CONNECTION_ENDED", "CONNECTION_DESTROYED", "23505", "42601"]) expect(connectionLoss({ code })).toBeNull();
    expect(connectionLoss(new Error("x"))).toBeNull();
    expect(connectionLoss(null)).toBeNull();
  });

  it("sends again only what cannot repeat an effect", () => {
    expect(isReadOnlyStatement("select * from shipments where id = $1")).toBe(true);
    expect(isReadOnlyStatement("  WITH x AS (select 1) select * from x")).toBe(true);
    expect(isReadOnlyStatement("select id, updated_at from shipments")).toBe(true);
    for (const write of [
      "insert into t values (1)",
      "update t set a = 1",
      "with x as (delete from t returning *) select * from x",
      "select * from t for update",
      "select nextval('s')",
      "select pg_advisory_lock(1)",
      "select * into t2 from t",
    ]) {
      expect(isReadOnlyStatement(write), write).toBe(false);
    }
    expect(mayResend("in-flight", "insert into t values (1)", false)).toBe(false);
    expect(mayResend("in-flight", "insert into t values (1) on conflict (id) do update set id = excluded.id", true)).toBe(true);
    expect(mayResend("before-sending", "insert into t values (1)", false)).toBe(true);
    expect(mayResend("in-flight", "select 1", false)).toBe(true);
  });
});
