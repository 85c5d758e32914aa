// @ts-check
// One fix to an installed dependency, applied after every install (scripts/ensure-install.mjs, the Dockerfile) and
// checked by sync-server/src/db/postgres-patch.test.ts.
//
// postgres.js 3.4.9 (the newest release) batches small writes behind setImmediate. When the connection's socket
// closes before that callback runs (Postgres restarted, a backend terminated, a proxy dropping the link), the
// callback calls write on a null socket and throws from a timer: an uncaught exception that ends the whole server
// process, and the query it carried is never settled. Upstream: porsager/postgres#1154, #1208 (fix proposed in
// #1209, not released). The guard settles the connection's queries with CONNECTION_CLOSED, as a close does, so
// the caller gets an error it can answer (503) and the process lives.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PATCH_MARK = '/* foodbridge: null-socket guard (porsager/postgres#1208) */';
const ORIGINAL = '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)';
const PATCHED = `  function nextWrite(fn) {
    ${PATCH_MARK}
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

/** The files patched: postgres.js ships the same connection code as ESM and CommonJS. */
export const PATCHED_FILES = ['node_modules/postgres/src/connection.js', 'node_modules/postgres/cjs/src/connection.js'];

/** Applies the patch where it is missing; says what it did. Throws if a file no longer has the code it expects. */
export function patchDependencies(base = root) {
  for (const rel of PATCHED_FILES) {
    const file = join(base, rel);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    if (text.includes(PATCH_MARK)) continue;
    if (!text.includes(ORIGINAL) || text.split(CANCEL).length !== 3) {
      throw new Error(`${rel} changed upstream: check whether porsager/postgres#1208 is fixed, then update scripts/patch-deps.mjs`);
    }
    writeFileSync(file, text.replace(ORIGINAL, PATCHED).replaceAll(CANCEL, CANCEL_PATCHED));
    console.log(`patched ${rel} (porsager/postgres#1208)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) patchDependencies();
