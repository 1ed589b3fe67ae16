import { describe, expect, it } from "vitest";
import { usesPreparedStatements, withoutPoolerFlag } from "../../../shared/db/prepared-statements.ts";
import { parseConfig } from "../../../shared/runtime/config.ts";

describe("prepared statements on PostgreSQL (TDS_DB_PREPARED_STATEMENTS)", () => {
  it("auto: on for a direct connection or a session-mode pooler, off through a transaction-mode pooler", () => {
    expect(usesPreparedStatements("postgres://postgres@127.0.0.1:5432/postgres", "auto")).toBe(true);
    expect(usesPreparedStatements("postgresql://postgres.ref:pw@aws-0-eu-central-1.pooler.supabase.com:5432/postgres", "auto")).toBe(true);
    expect(usesPreparedStatements("postgres://db.example.org/app", "auto")).toBe(true);
    // Supavisor's transaction mode (port 6543) and Prisma's flag for PgBouncer.
    expect(usesPreparedStatements("postgresql://postgres.ref:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres", "auto")).toBe(false);
    expect(usesPreparedStatements("postgres://u:p@pgbouncer.internal:5432/app?pgbouncer=true", "auto")).toBe(false);
    expect(usesPreparedStatements("postgres://u:p@pgbouncer.internal:5432/app?pgbouncer=TRUE&sslmode=require", "auto")).toBe(false);
  });

  it("on and off are obeyed whatever the address", () => {
    expect(usesPreparedStatements("postgres://h:6543/db", "on")).toBe(true);
    expect(usesPreparedStatements("postgres://h:5432/db", "off")).toBe(false);
  });

  it("the pgbouncer flag is taken off the address postgres.js is given (it would send it to the server as a setting)", () => {
    expect(withoutPoolerFlag("postgres://u:p@h:6543/db?pgbouncer=true&sslmode=require")).toBe("postgres://u:p@h:6543/db?sslmode=require");
    expect(withoutPoolerFlag("postgres://u:p@h:5432/db")).toBe("postgres://u:p@h:5432/db");
  });

  it("is a setting with auto as its default, and a wrong value is refused", () => {
    expect(parseConfig({}).databasePreparedStatements).toBe("auto");
    expect(parseConfig({ TDS_DB_PREPARED_STATEMENTS: "OFF" }).databasePreparedStatements).toBe("off");
    expect(() => parseConfig({ TDS_DB_PREPARED_STATEMENTS: "sometimes" })).toThrow(/TDS_DB_PREPARED_STATEMENTS/);
  });
});
