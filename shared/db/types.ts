/** The small database interface every repository talks to; PGlite and PostgreSQL implement it. */
export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * A fixed statement on a hot path (the same text on every call, never built from a variable number of
   * values): PostgreSQL keeps it prepared per connection when the deployment allows (prepared-statements.ts).
   * Only such statements: each distinct text prepared stays in the server connection's memory.
   */
  prepared?: boolean;
  /**
   * Running the statement twice leaves what running it once leaves (and answers the same): after a lost
   * connection PostgreSQL may send it again (connection-loss.ts). Reads need no mark.
   */
  idempotent?: boolean;
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
  /**
   * Runs fn inside one transaction; a thrown error rolls it back. On PostgreSQL, when the connection is
   * lost before fn has returned (so COMMIT was never sent and nothing of it stayed), fn runs once more in
   * a new transaction: fn must have no effect outside the database that a second run would repeat.
   * `idempotent`: running fn's transaction twice leaves what running it once leaves, so it runs again
   * also when the connection was lost during COMMIT (whose outcome is then unknown).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { idempotent?: boolean }): Promise<T>;
  close(): Promise<void>;
}
