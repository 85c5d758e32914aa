// @ts-check
// A throwaway database on the local Postgres (CI runs one at 127.0.0.1:5432), for tests that need several
// sync-server processes on one database. Configured like .ci/run: PG_HOST, PG_PORT, PG_USER (and PGPASSWORD).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

export const PG = {
  host: process.env.PG_HOST ?? '127.0.0.1',
  port: Number(process.env.PG_PORT ?? 5432),
  user: process.env.PG_USER ?? 'postgres',
};

/**
 * True when something accepts TCP connections on the Postgres port (within a second).
 * @param {{ host: string, port: number }} [server]
 * @returns {Promise<boolean>}
 */
export function postgresReachable({ host, port } = PG, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** @param {string} sql */
function psql(sql) {
  const res = spawnSync('psql', ['-h', PG.host, '-p', String(PG.port), '-U', PG.user, '-d', 'postgres', '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
  });
  if (res.error) throw new Error(`psql could not run: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`psql -c "${sql}" failed (exit ${res.status}): ${res.stderr.trim()}`);
  return res.stdout;
}

/**
 * Creates an empty database with a random name. Returns { name, url, drop() }; drop() removes it even while
 * connections are still open (a server that did not stop in time).
 */
export function createThrowawayDatabase(prefix = 'fb_e2e') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  psql(`CREATE DATABASE ${name}`);
  const password = process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : '';
  const url = `postgres://${encodeURIComponent(PG.user)}${password}@${PG.host}:${PG.port}/${name}`;
  let dropped = false;
  const drop = () => {
    if (dropped) return;
    dropped = true;
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { name, url, drop };
}
