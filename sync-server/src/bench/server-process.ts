// The real server as a process of its own, for the bench's figures of the server process (run.ts) and of writes on
// several instances (writes.ts): the built dist/index.mjs (not tsx), with MALLOC_ENV and NODE_FLAGS, as `npm start` and
// the image run it; and the throwaway database such a process runs on.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { MALLOC_ENV, NODE_FLAGS } from '../../scripts/runtime-settings.mjs';

export const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ARGS = [...NODE_FLAGS, 'dist/index.mjs'];

/** Builds dist/index.mjs (scripts/build.mjs), which the processes below run. */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('scripts/build.mjs failed');
}

/**
 * Starts the real server (built, as above) with `env`; answers its address and pid once it listens. `output()` is
 * everything it has printed so far (its warnings and errors, at LOG_LEVEL warn).
 */
export async function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, SERVER_ARGS, { cwd: serverDir, env: { ...process.env, ...MALLOC_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolvePromise, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /FoodBridge sync-server on (http:\/\/[^ ]+)/.exec(out);
      if (m) resolvePromise(m[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out.slice(-500)}`)));
    setTimeout(() => reject(new Error(`not ready after 90 s: ${out.slice(-500)}`)), 90_000);
  });
  return { url, pid: child.pid!, output: () => out, exitCode: () => child.exitCode, stop: () => child.kill('SIGKILL') };
}

/**
 * The database of a server process started above: its own data folder when embedded (no `url`); on Postgres, a
 * throwaway database on that server (the processes migrate and seed it), dropped again by `drop()`.
 */
export async function serverDatabase(url: string | undefined): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!url) return { env: { DATABASE_URL: '' }, drop: async () => {} };
  const name = `fb_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const throwaway = new URL(url);
  throwaway.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: throwaway.toString() },
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
