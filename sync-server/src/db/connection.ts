import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import postgres from 'postgres';
import { observeQueries, type QueryObserver } from './query-timing.ts';
import { retryTransactions } from './transactions.ts';

export type Sql = postgres.Sql;
export type TxSql = postgres.TransactionSql;

export interface Database {
  /** The pool. Its `begin` runs a transaction again when it loses a race (a deadlock; see transactions.ts). */
  sql: Sql;
  /** 'embedded' runs PGlite inside this process; 'postgres' is a real server shared with other instances. */
  mode: 'embedded' | 'postgres';
  /** A postgres.js connection URL or, in embedded mode, the unix-socket directory. */
  connection: postgres.Options<Record<string, postgres.PostgresType>>;
  close(): Promise<void>;
  /** Calls `observer` with each query's duration (/metrics) until the database is closed. */
  onQuery(observer: QueryObserver): void;
  /** Embedded only: the database's files as one tarball, which another embedded database can start from. */
  snapshot?(): Promise<Blob>;
}

/** The database with `onQuery`, whose observers stop when it closes (tests open hundreds in one process). */
function observable(db: Omit<Database, 'onQuery'>): Database {
  const stops: Array<() => void> = [];
  return {
    ...db,
    onQuery: (observer) => void stops.push(observeQueries(db.sql, observer)),
    async close() {
      for (const stop of stops.splice(0)) stop();
      await db.close();
    },
  };
}

const poolOptions = {
  max: 8,
  onnotice: () => {},
  // The array-type lookup postgres.js runs on each new connection races other connections' statements through
  // the PGlite socket ("portal does not exist"); we use no custom array types, so skip it everywhere.
  fetch_types: false,
  // bigint change sequences and numeric quantities come back as strings; we convert where we read them.
  types: {},
  // Seconds. A database that does not answer a connection attempt fails the waiting queries (503) instead of
  // holding them for postgres.js's default 30 s.
  connect_timeout: 3,
  // After a lost connection postgres.js waits before reconnecting, and the queries queued meanwhile wait too: its
  // default grows 3^n / 100 s up to 20 s, which held requests for 18.5 s during a Postgres restart. Capped at 1 s.
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
} as const;

/** Seconds an unused pooled connection is kept: a real server's idle connections are closed, not left to go stale. */
const POSTGRES_IDLE_TIMEOUT = 60;

/** Connects to the real Postgres at `url`. */
export function openPostgres(url: string): Database {
  const options = { ...poolOptions, idle_timeout: POSTGRES_IDLE_TIMEOUT };
  const sql = retryTransactions(postgres(url, options));
  return observable({
    sql,
    mode: 'postgres',
    connection: { ...options, ...parseUrl(url) },
    close: () => sql.end({ timeout: 5 }),
  });
}

function parseUrl(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    database: decodeURIComponent(u.pathname.slice(1)),
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

export const EMBEDDED_SHARED_BUFFERS = '32MB';

const SOCKET_FOLDER = /^foodbridge-pg-(\d+)-/;
// postgres.js finds the socket as Postgres names it: .s.PGSQL.<port> in the folder given as its host.
const SOCKET_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`;

/**
 * PGlite served over a unix socket, so postgres.js talks to it exactly as it talks to a real server (one code path
 * for both). `dataDir` undefined means in memory (tests); otherwise the database persists there.
 */
export async function openEmbedded(dataDir?: string, from?: Blob): Promise<Database> {
  const [{ PGlite }, { PGLiteSocketServer }, { pg_trgm }, { cube }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
  ]);
  // Postgres's default 128 MB of shared buffers costs PGlite ~420 MB of resident memory (745 MB idle against 309 MB
  // with 32 MB, measured on a bare PGlite); an embedded store for one city team reads from the OS cache just as well.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
  if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await createDataDir(dataDir, startParams);
  // pg_trgm: the search's index (migration 027); cube: nearest first on the sphere (029). PGlite has an extension only
  // when it is handed over here.
  const extensions = { pg_trgm, cube };
  // `from` (an in-memory database only): a snapshot's files instead of a new cluster, which PGlite makes with initdb.
  const db = await PGlite.create(dataDir ? { dataDir, startParams, extensions } : { startParams, extensions, ...(from && { loadDataDir: from }) });
  const socketDir = await socketFolder();
  // The default maxConnections is 1, which a pool of several connections resets (see shared/FACTS.md).
  const server = new PGLiteSocketServer({ db, path: join(socketDir, SOCKET_FILE), maxConnections: 4 });
  await server.start();
  // One connection: PGlite is a single session, and the socket server interleaves several clients' protocol messages
  // around transactions, so a pooled query could run another client's statement or fail with 'portal "" does not
  // exist' (seen with concurrent accepts). PGlite runs one statement at a time anyway; nothing is lost.
  // Consequence: inside sql.begin() use only the transaction's `tx`, never `sql`, or the call waits forever.
  // The embedded database lives in this process: it cannot be away, only slow to answer its first connection on a busy
  // machine (two test apps starting at once on 2 cores took over 3 s), so the short timeout for a lost server is not
  // used here.
  const connection = { ...poolOptions, connect_timeout: 15, max: 1, host: socketDir, port: SOCKET_PORT, database: 'postgres', username: 'postgres' };
  // The same retrying `begin` as on Postgres (one code path for both), though one session never deadlocks itself.
  const sql = retryTransactions(postgres(connection));
  return observable({
    sql,
    mode: 'embedded',
    connection,
    async close() {
      await sql.end({ timeout: 5 });
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
    async snapshot() {
      // PGlite copies the files as they are: what is only in shared buffers is written to them first.
      await sql`CHECKPOINT`;
      return db.dumpDataDir('none');
    },
  });
}

/**
 * A new folder for the embedded database's socket, named after this process. A server that is killed cannot remove
 * its own (CI and the tests kill some), so each start removes those whose process has ended and whose socket no
 * longer answers. The socket is asked too because a pid means nothing across pid namespaces: two containers sharing
 * /tmp would otherwise remove each other's live sockets.
 */
export async function socketFolder(parent = tmpdir()): Promise<string> {
  for (const name of readdirSync(parent)) {
    const pid = Number(SOCKET_FOLDER.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    const folder = join(parent, name);
    if (await answers(join(folder, SOCKET_FILE))) continue;
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another user's, or being removed by another start: not this start's to finish.
    }
  }
  return mkdtempSync(join(parent, `foodbridge-pg-${process.pid}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether something listens on the unix socket `path` (no file, or refused: nothing does). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Makes a new data folder in a process of its own. Creating one (initdb) leaves PGlite's process holding ~450 MB more
 * than opening an existing folder does (a bare PGlite: 701 MB after creating, 178 MB after reopening; our server's
 * first start 853 MB, every later one 371 MB), garbage that Node keeps for as long as the server runs idle. The
 * child takes it with it when it exits.
 */
async function createDataDir(dataDir: string, startParams: string[]): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = await PGlite.create({ dataDir: process.argv[1], startParams: JSON.parse(process.argv[2]) });
await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dataDir, JSON.stringify(startParams)], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openEmbedded(opts.dataDir);
}

/** Holds a lock for the rest of the transaction: other transactions asking for the same key wait until it ends. */
export async function lockForTransaction(tx: TxSql, key: number): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${key})`;
}
