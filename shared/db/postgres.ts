import postgres from "postgres";
import type { Db, Queryable, QueryOptions, Row } from "./types.ts";
import { withoutPoolerFlag } from "./prepared-statements.ts";

function wrap(sql: postgres.Sql | postgres.TransactionSql): Queryable {
  return {
    async query<T = Row>(text: string, params: unknown[] = [], options?: QueryOptions) {
      // postgres.js prepares only when both the connection's and the statement's prepare are on.
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: options?.prepared === true });
      return rows as unknown as T[];
    },
    async exec(script: string) {
      await sql.unsafe(script);
    },
  };
}

/**
 * A PostgreSQL server (local, CI or Supabase) through postgres.js. preparedStatements: the statements
 * marked `prepared` are kept prepared per connection (off through a transaction-mode pooler, which
 * refuses them: prepared-statements.ts); every other statement is sent unnamed.
 */
export function openPostgres(url: string, options: { max?: number; preparedStatements?: boolean } = {}): Db {
  const sql = postgres(withoutPoolerFlag(url), {
    max: options.max ?? 10,
    prepare: options.preparedStatements ?? false,
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
