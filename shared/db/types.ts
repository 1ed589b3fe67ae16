/** The small database interface every repository talks to; PGlite and PostgreSQL implement it. */
export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * A fixed statement on a hot path (the same text on every call, never built from a variable number of
   * values): PostgreSQL keeps it prepared per connection when the deployment allows (prepared-statements.ts).
   * Only such statements: each distinct text prepared stays in the server connection's memory.
   */
  prepared?: boolean;
}

export interface Queryable {
  /**
   * Runs one parameterised statement ($1, $2, …) and returns its rows. Pass JSON as a string with
   * `$n::text::jsonb`: the two drivers encode a parameter typed jsonb differently.
   */
  query<T = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn inside one transaction; a thrown error rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
