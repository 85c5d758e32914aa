// @ts-check
// The production topology on one machine, without containers: two sync-server processes on one throwaway Postgres
// database behind Debian's Caddy, which balances them round robin, passes the sync streams through unbuffered and
// sends a request whose instance is gone to the other one. The browser tests then run through the proxy
// (E2E_TOPOLOGY=1 node pwa/e2e/run.mjs ...).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createThrowawayDatabase } from "./postgres.mjs";
import { freePort, sleep, startServer } from "./server.mjs";

export const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";

/**
 * @param {string} port
 * @param {string[]} upstreams host:port of each instance
 */
function caddyfile(port, upstreams) {
  return `{
	admin off
	auto_https off
}

http://127.0.0.1:${port} {
	reverse_proxy ${upstreams.join(" ")} {
		lb_policy round_robin
		# A request whose instance does not answer is tried on the other one for up to 5 s.
		lb_try_duration 5s
		lb_try_interval 100ms
		# Active checks only: Caddy 2.6's passive checks also count requests the client cancelled (a browser
		# reconnecting its stream), which marked the healthy instance down too.
		health_uri /readyz
		health_interval 1s
		# Server-sent events (the sync streams) pass through as they are written.
		flush_interval -1
	}
}
`;
}

/**
 * Starts the database, both instances (the first seeds the demo data, the second starts once it is done) and Caddy.
 * Returns { url, instances: [{ url, pid, stop, output }], stop() }.
 * @param {{ dist?: string, log?: (line: string) => void }} options
 */
export async function startTopology({ dist, log = console.log }) {
  if (!existsSync(CADDY))
    throw new Error(
      `Caddy not found at ${CADDY}. Install it with: sudo apt-get install -y caddy`,
    );
  const database = createThrowawayDatabase("fb_topology");
  /** @type {Awaited<ReturnType<typeof startServer>>[]} */
  const instances = [];
  const caddyHome = mkdtempSync(join(tmpdir(), "foodbridge-caddy-"));
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let caddy;
  const stop = async () => {
    caddy?.kill("SIGTERM");
    for (const instance of instances) await instance.stop();
    try {
      database.drop();
    } catch (err) {
      log(
        `could not drop ${database.name}: ${/** @type {Error} */ (err).message}`,
      );
    }
    rmSync(caddyHome, { recursive: true, force: true });
  };
  try {
    // One proxy in front appends the caller's address to X-Forwarded-For.
    const env = { TRUST_PROXY: "1" };
    instances.push(
      await startServer({
        dist,
        log,
        databaseUrl: database.url,
        seed: "always",
        env,
        // Production runs the built server: so does this topology, so that a fault of the build shows here.
        built: true,
      }),
    );
    instances.push(
      await startServer({
        dist,
        log,
        databaseUrl: database.url,
        seed: "never",
        env,
        built: true,
      }),
    );
    const port = String(await freePort());
    const config = join(caddyHome, "Caddyfile");
    writeFileSync(
      config,
      caddyfile(
        port,
        instances.map((i) => new URL(i.url).host),
      ),
    );
    let out = "";
    caddy = spawn(
      CADDY,
      ["run", "--config", config, "--adapter", "caddyfile"],
      {
        // Caddy keeps its state under XDG folders; a temp home keeps the machine's own clean.
        env: {
          ...process.env,
          HOME: caddyHome,
          XDG_DATA_HOME: caddyHome,
          XDG_CONFIG_HOME: caddyHome,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    caddy.stdout?.on("data", (d) => (out += d));
    caddy.stderr?.on("data", (d) => (out += d));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (caddy.exitCode !== null)
        throw new Error(`Caddy exited (${caddy.exitCode}):\n${out}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline)
        throw new Error(`Caddy did not answer within 20 s:\n${out}`);
      await sleep(200);
    }
    log(
      `Caddy at ${url} in front of ${instances.map((i) => i.url).join(" and ")} (database ${database.name})`,
    );
    return { url, instances, stop, caddyOutput: () => out };
  } catch (err) {
    await stop();
    throw err;
  }
}
