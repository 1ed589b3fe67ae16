import postgres from "postgres";
import type { Db, Queryable, QueryOptions, Row } from "./types.ts";
import { withoutPoolerFlag } from "./prepared-statements.ts";
import { connectionLoss, mayResend } from "./connection-loss.ts";
import { ignoreDroppedTypeFetchFailures } from "./type-fetch-guard.ts";

/**
 * Waits before sending again (about 3 s in all). When every connection is terminated at once, the
 * backends exit one after the other as each gets scheduled, and the driver learns of each close only
 * when it reads that socket: sent at once, the retry could land on a connection that is about to go, and
 * postgres.js hands a startup's termination to the next statement (porsager/postgres#1223). A server
 * restarting or an operator terminating connections more than once keeps failing attempts for a while;
 * after the last one the request is answered 503 SVC_SYS_001 with Retry-After (http/handle-error.ts).
 */
const RETRY_DELAYS_MS = [50, 200, 500, 1000, 1500];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * postgres.js 3.4.9 keeps its row counter when a statement fails after some of its rows arrived (an error
 * mid-stream, or a connection terminated while rows arrive: porsager/postgres#1119, #1181, open): the
 * next statement on that connection resolves with that many empty slots before its own rows. A lookup
 * then finds no row where one exists (404, a valid key refused), and code that iterates the rows fails.
 * Its own rows are the filled slots, in order.
 */
export function withoutLeadingHoles<T>(rows: T[]): T[] {
  return rows.length > 0 && !(0 in rows) ? rows.filter(() => true) : rows;
}

function wrap(sql: postgres.Sql | postgres.TransactionSql): Queryable {
  return {
    async query<T = Row>(text: string, params: unknown[] = [], options?: QueryOptions) {
      // postgres.js prepares only when both the connection's and the statement's prepare are on.
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: options?.prepared === true });
      return withoutLeadingHoles(rows as unknown as T[]);
    },
    async exec(script: string) {
      await sql.unsafe(script);
    },
  };
}

/**
 * A PostgreSQL server (local, CI or Supabase) through postgres.js. preparedStatements: the statements
 * marked `prepared` are kept prepared per connection (off through a transaction-mode pooler, which
 * refuses them: prepared-statements.ts); every other statement is sent unnamed. A statement or a
 * transaction that lost its connection is sent again (at most twice) where that cannot repeat an effect
 * (connection-loss.ts): a terminated backend, a restarted server or a pooler's reset reaches no caller.
 */
/**
 * postgres.js rejects a transaction as soon as its connection closes, while fn may still be running: a
 * statement written to that connection afterwards (one of fn's, or the driver's own ROLLBACK or COMMIT
 * when fn ends) throws outside any promise and ends the process (connection.js nextWrite on a null socket,
 * porsager/postgres#1208, unfixed in 3.4.9). So after a close fn's statements fail here, and the
 * transaction's callback never settles: the driver has nothing to send, and the attempt is retried.
 */
const CLOSE_WAIT_MS = 2_000;
function guarded(tx: Queryable, settled: () => boolean): Queryable {
  const refuse = () => Object.assign(new Error("the transaction's connection was lost"), { code: "CONNECTION_CLOSED" });
  return {
    query: (text, params, options) => (settled() ? Promise.reject(refuse()) : tx.query(text, params, options)),
    exec: (script) => (settled() ? Promise.reject(refuse()) : tx.exec(script)),
  };
}

export function openPostgres(url: string, options: { max?: number; preparedStatements?: boolean } = {}): Db {
  ignoreDroppedTypeFetchFailures();
  const sql = postgres(withoutPoolerFlag(url), {
    max: options.max ?? 10,
    prepare: options.preparedStatements ?? false,
    onnotice: () => {},
    connection: { application_name: "trade-document-service" },
  });
  const q = wrap(sql);
  return {
    kind: "postgres",
    async query<T = Row>(text: string, params: unknown[] = [], opts?: QueryOptions) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await q.query<T>(text, params, opts);
        } catch (e) {
          const loss = connectionLoss(e);
          if (!loss || attempt >= RETRY_DELAYS_MS.length || !mayResend(loss, text, opts?.idempotent === true)) throw e;
          await pause(RETRY_DELAYS_MS[attempt]);
        }
      }
    },
    exec: q.exec,
    async transaction(fn, txOptions) {
      for (let attempt = 0; ; attempt++) {
        let returned = false;
        // The connection of this attempt closed: postgres.js rejects begin() then, while fn may run on.
        let closed = false;
        let onClosed = () => {};
        const closing = new Promise<void>((resolve) => {
          onClosed = resolve;
        });
        try {
          const run = sql.begin(async (tx) => {
            let result: unknown;
            try {
              result = await fn(guarded(wrap(tx), () => closed));
            } catch (e) {
              // A loss the server announced (57P01) comes before its socket closes: wait to know which.
              if (!closed && connectionLoss(e)) await Promise.race([closing, pause(CLOSE_WAIT_MS)]);
              if (closed) return new Promise<never>(() => {});
              throw e;
            }
            // Gone before COMMIT: nothing was committed, the attempt runs again.
            if (closed) return new Promise<never>(() => {});
            returned = true;
            return result;
          });
          run.then(settle, settle);
          function settle() {
            closed = true;
            onClosed();
          }
          return (await run) as never;
        } catch (e) {
          // fn had not returned: COMMIT was never sent, the server rolled the transaction back. After
          // COMMIT was sent the outcome is unknown: run again only what says a second run is harmless.
          const again = !returned || txOptions?.idempotent === true;
          if (!again || !connectionLoss(e) || attempt >= RETRY_DELAYS_MS.length) throw e;
          await pause(RETRY_DELAYS_MS[attempt]);
        }
      }
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
