import postgres from "postgres";
import type { Db, Queryable, Row } from "./types.ts";

function wrap(sql: postgres.Sql | postgres.TransactionSql): Queryable {
  return {
    async query<T = Row>(text: string, params: unknown[] = []) {
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return rows as unknown as T[];
    },
    async exec(script: string) {
      await sql.unsafe(script);
    },
  };
}

/** A PostgreSQL server (local, CI or Supabase) through postgres.js. */
export function openPostgres(url: string, options: { max?: number } = {}): Db {
  const sql = postgres(url, {
    max: options.max ?? 10,
    // Supabase's transaction pooler does not support prepared statements.
    prepare: false,
    onnotice: () => {},
    connection: { application_name: "trade-document-service" },
  });
  const q = wrap(sql);
  return {
    kind: "postgres",
    query: q.query,
    exec: q.exec,
    transaction: (fn) => sql.begin((tx) => fn(wrap(tx))) as Promise<never>,
    close: () => sql.end({ timeout: 5 }),
  };
}
