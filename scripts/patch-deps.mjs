// @ts-check
// Fixes to an installed dependency, applied after every install (scripts/ensure-install.mjs, the Dockerfile) and
// checked by sync-server/src/db/postgres-patch.test.ts. Every one is in postgres.js 3.4.9, the newest release.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @typedef {object} Patch
 * @property {string} name what it fixes, with the upstream report
 * @property {string} mark a comment the patched code carries, so a file is patched once and a test can see it
 * @property {string[]} files postgres.js ships the same code as ESM and CommonJS
 * @property {(text: string) => string | null} apply the patched text, or null if the file no longer has the code it expects
 */

// postgres.js batches small writes behind setImmediate. When the connection's socket closes before that callback
// runs (Postgres restarted, a backend terminated, a proxy dropping the link), the callback calls write on a null
// socket and throws from a timer: an uncaught exception that ends the whole server process, and the query it carried
// is never settled. Upstream: porsager/postgres#1154, #1208 (fix proposed in #1209, not released). The guard settles
// the connection's queries with CONNECTION_CLOSED, as a close does, so the caller gets an error it can answer (503)
// and the process lives.
const SOCKET_MARK = '/* foodbridge: null-socket guard (porsager/postgres#1208) */';
const WRITE = '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)';
const WRITE_PATCHED = `  function nextWrite(fn) {
    ${SOCKET_MARK}
    if (socket === null) {
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
      return false
    }
    const x = socket.write(chunk, fn)`;
// A close also cancels a pending batched write without forgetting it: the connection, reused by the pool with a new
// socket, would then never schedule another small write, and its next query would wait forever (the same upstream
// report). Forgetting the cancelled write with its buffer lets the reconnected connection write again.
const CANCEL = '    clearImmediate(nextWriteTimer)\n';
const CANCEL_PATCHED = '    clearImmediate(nextWriteTimer)\n    nextWriteTimer = chunk = null /* foodbridge */\n';

// The pool keeps its connections in queues (open, busy, full...) and moves a connection between them on every query:
// it shifts one off the front, then removes it from the queue it was in (an indexOf over the queue's whole array)
// and pushes it onto the next. A shift only blanks the slot, and the array is emptied only when a shift takes its
// last item: under steady load the busy queue never empties, so its array grows by one slot a query and every
// query scans all of them. A pool of 10 under 50 callers fell from 53,000 to 13,000 queries a second in 12 s
// (41-53% of the API's instructions per request went to that scan). The fix searches only the live part and drops
// the blanked front once it is at least half the array (amortised O(1), the array stays at most twice the queue).
// Upstream: possibly porsager/postgres#747 ("speed dropped", the pool slowing down over time and recovering).
const QUEUE_MARK = '/* foodbridge: queue without a growing blank front */';
const REMOVE = '      const index = xs.indexOf(x)\n      return index === -1\n        ? null\n        : (xs.splice(index, 1), x)';
const REMOVE_PATCHED = `      ${QUEUE_MARK}\n      const at = xs.indexOf(x, index)\n      return at === -1\n        ? null\n        : (xs.splice(at, 1), x)`;
const SHIFT = '      } else {\n        xs[index - 1] = undefined\n      }';
const SHIFT_PATCHED = '      } else if (index >= 32 && index * 2 >= xs.length) {\n        xs = xs.slice(index)\n        index = 0\n      } else {\n        xs[index - 1] = undefined\n      }';

// A transaction whose connection closes (a backend terminated, a proxy dropping the link) makes begin() reject, but
// its callback runs on. What it asked next went to the same connection object, which the pool had meanwhile
// reconnected for other work: an insert after the close was stored outside any transaction (and could be committed
// by another caller's transaction). Statements waiting in the transaction's own queue were never settled. The fix
// remembers the close: everything the transaction asks afterwards, its own commit or rollback included, and
// everything still queued, is rejected with the close's error (503). Upstream: porsager/postgres#1215 (fix proposed,
// not released), #1186, #1204.
const TX_MARK = '/* foodbridge: transaction work after its connection closes (porsager/postgres#1215) */';
const TX_LET = '      , prepare = null\n';
const TX_LET_PATCHED = '      , prepare = null\n      , closedError = null\n';
const TX_CLOSE = '        new Promise((_, reject) => connection.onclose = reject)\n';
const TX_CLOSE_PATCHED = `        new Promise((_, reject) => connection.onclose = e => {
          ${TX_MARK}
          closedError = e
          while (queries.length) queries.shift().reject(e)
          reject(e)
        })
`;
const TX_HANDLER = '        q.catch(e => uncaughtError || (uncaughtError = e))\n';
const TX_HANDLER_PATCHED = `${TX_HANDLER}        if (closedError) return q.reject(closedError)\n`;

// A connection's queries must end with its backend. After a socket error (ECONNRESET, as a terminated backend often
// gives) postgres.js failed the queries it held but kept the failed one as its current query, and its close did not
// fail what was asked between the error and the close: a transaction's ROLLBACK asked in that gap stayed queued,
// never sent. On the reconnected connection every answer then went to the query before the one it belonged to: a
// user look-up took another statement's empty answer ("This account no longer exists", a CI failure), and a
// transaction's INSERT, whose description the phantom ROLLBACK took, waited for good (a request that never came back,
// in CI and here in about one run of the terminations test in ten). The error now clears the current query, the close
// fails whatever was asked after the error, and a new backend starts with none of the old one's query, result, error
// or queue (the old backend's error had also failed the first query on the new one: a 503 for a request that had done
// nothing wrong). Upstream: part of porsager/postgres#1215.
const RESET_MARK = '/* foodbridge: a connection\'s queries end with its backend (porsager/postgres#1215) */';
const ERROR = '    errored(err)\n    while (sent.length)\n      queryError(sent.shift(), err)\n  }\n';
const ERROR_PATCHED = '    errored(err)\n    while (sent.length)\n      queryError(sent.shift(), err)\n    query = null\n  }\n';
const CLOSE = "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n";
// An if, not the original's &&: a line that starts with ( would continue the `return reconnect()` above it.
const CLOSE_PATCHED = "    if (query || sent.length)\n      error(Errors.connection('CONNECTION_CLOSED', options, socket))\n";
const CONNECTED = '  function connected() {\n    try {\n      statements = {}\n';
const CONNECTED_PATCHED = `  function connected() {
    try {
      ${RESET_MARK}
      const stale = Errors.connection('CONNECTION_CLOSED', options, socket)
      query && queryError(query, stale)
      while (sent.length)
        queryError(sent.shift(), stale)
      query = results = errorResponse = final = null
      result = new Result()
      rows = 0
      statements = {}
`;

// BEGIN reserves its connection for the transaction only when the connection can take more work, a condition
// evaluated first: a BEGIN that filled the pipeline (100 queries waiting on one connection) or met a full socket
// buffer ran without the reservation, and the pool sent other callers' queries into the open transaction, where they
// read its uncommitted rows and their writes shared its fate. Upstream: porsager/postgres#1189.
const BEGIN_MARK = "/* foodbridge: a transaction's BEGIN always reserves its connection (porsager/postgres#1189) */";
const EXECUTE_RETURN =
  '      return write(toBuffer(q))\n        && !q.describeFirst\n        && !q.cursorFn\n        && sent.length < max_pipeline\n        && (!q.options.onexecute || q.options.onexecute(connection))\n';
const EXECUTE_RETURN_PATCHED = `      ${BEGIN_MARK}
      const more = write(toBuffer(q))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline
      return q.options.onexecute ? (q.options.onexecute(connection), false) : more
`;

/**
 * A patch's `apply` that replaces each `[from, to]` once, or gives null when the file lacks any `from`.
 * @param {Array<[string, string]>} pairs
 * @returns {(text: string) => string | null}
 */
const replacing = (pairs) => (text) => (pairs.every(([from]) => text.includes(from)) ? pairs.reduce((t, [from, to]) => t.replace(from, to), text) : null);

/** @type {Patch[]} */
export const PATCHES = [
  {
    name: 'null-socket guard (porsager/postgres#1208)',
    mark: SOCKET_MARK,
    files: ['node_modules/postgres/src/connection.js', 'node_modules/postgres/cjs/src/connection.js'],
    apply: (text) =>
      text.includes(WRITE) && text.split(CANCEL).length === 3 ? text.replace(WRITE, WRITE_PATCHED).replaceAll(CANCEL, CANCEL_PATCHED) : null,
  },
  {
    name: 'pool queues that grow with every query (possibly porsager/postgres#747)',
    mark: QUEUE_MARK,
    files: ['node_modules/postgres/src/queue.js', 'node_modules/postgres/cjs/src/queue.js'],
    apply: replacing([
      [REMOVE, REMOVE_PATCHED],
      [SHIFT, SHIFT_PATCHED],
    ]),
  },
  {
    name: 'transaction work after its connection closes (porsager/postgres#1215)',
    mark: TX_MARK,
    files: ['node_modules/postgres/src/index.js', 'node_modules/postgres/cjs/src/index.js'],
    apply: replacing([
      [TX_LET, TX_LET_PATCHED],
      [TX_CLOSE, TX_CLOSE_PATCHED],
      [TX_HANDLER, TX_HANDLER_PATCHED],
    ]),
  },
  {
    name: "a connection's queries end with its backend (porsager/postgres#1215)",
    mark: RESET_MARK,
    files: ['node_modules/postgres/src/connection.js', 'node_modules/postgres/cjs/src/connection.js'],
    apply: replacing([
      [ERROR, ERROR_PATCHED],
      [CLOSE, CLOSE_PATCHED],
      [CONNECTED, CONNECTED_PATCHED],
    ]),
  },
  {
    name: "a transaction's BEGIN always reserves its connection (porsager/postgres#1189)",
    mark: BEGIN_MARK,
    files: ['node_modules/postgres/src/connection.js', 'node_modules/postgres/cjs/src/connection.js'],
    apply: replacing([[EXECUTE_RETURN, EXECUTE_RETURN_PATCHED]]),
  },
];

/** Applies each patch where it is missing; says what it did. Throws if a file no longer has the code it expects. */
export function patchDependencies(base = root) {
  for (const patch of PATCHES) {
    for (const rel of patch.files) {
      const file = join(base, rel);
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      if (text.includes(patch.mark)) continue;
      const patched = patch.apply(text);
      if (patched === null) {
        throw new Error(`${rel} changed upstream: check whether "${patch.name}" is fixed, then update scripts/patch-deps.mjs`);
      }
      writeFileSync(file, patched);
      console.log(`patched ${rel}: ${patch.name}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) patchDependencies();
