// Durations of the database queries, for /metrics (issue 14). postgres.js has no per-query completion hook, so the
// one method every query passes through when it runs (Query#handle: awaited, .execute(), .forEach(), cursors) is
// wrapped, once per process, around the query's own resolve/reject. Fragments (sql`...` inside another query) are
// never run by themselves and so never counted. The figures are the process's: every pool and transaction of it
// (one server per process in production; tests that build several apps see each other's queries).
import type { Sql } from 'postgres';

export type QueryObserver = (seconds: number, failed: boolean) => void;

interface RunnableQuery {
  executed: boolean;
  resolve: (value: unknown) => unknown;
  reject: (reason: unknown) => unknown;
  handle: () => Promise<void>;
}

const observers = new Set<QueryObserver>();
let inFlight = 0;
let wrapped = false;

// Not a closure made per query: that was one more allocation (and, under tsx, a name set on it) on every call.
function settled(start: number, failed: boolean) {
  inFlight--;
  const seconds = (performance.now() - start) / 1000;
  for (const observe of observers) observe(seconds, failed);
}

function wrap(proto: RunnableQuery) {
  const handle = proto.handle;
  proto.handle = function (this: RunnableQuery) {
    if (!this.executed) {
      const start = performance.now();
      const { resolve, reject } = this;
      inFlight++;
      this.resolve = (value) => (settled(start, false), resolve(value));
      this.reject = (reason) => (settled(start, true), reject(reason));
    }
    return handle.call(this);
  };
}

/**
 * Calls `observer` with each query's time from being asked for (waiting for a free connection included: that is what
 * a caller waits) to its answer, until the returned function is called.
 */
export function observeQueries(sql: Sql, observer: QueryObserver): () => void {
  if (!wrapped) {
    // A query object is lazy: building one to reach its class runs nothing.
    wrap(Object.getPrototypeOf(sql`SELECT 1`) as RunnableQuery);
    wrapped = true;
  }
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Queries asked for and not yet answered, in this process: beside the pool's size, how busy the database is. */
export const queriesInFlight = () => inFlight;
