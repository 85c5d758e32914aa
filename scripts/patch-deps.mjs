// @ts-check
// Fixes to an installed dependency, applied after every install (scripts/ensure-install.mjs, the Dockerfile) and
// checked by sync-server/src/db/postgres-patch.test.ts. Both are in postgres.js 3.4.9, the newest release.
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
    apply: (text) => (text.includes(REMOVE) && text.includes(SHIFT) ? text.replace(REMOVE, REMOVE_PATCHED).replace(SHIFT, SHIFT_PATCHED) : null),
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
