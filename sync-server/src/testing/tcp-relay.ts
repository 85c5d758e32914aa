import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A relay from a local port to Postgres that can refuse connections (down), swallow them (hang), reset them as a
 * terminated backend often does (reset), or pass them: the database going away, played without touching the
 * machine's Postgres, which other test runs share.
 */
export async function startRelay(target: { host: string; port: number }) {
  let mode: 'up' | 'down' | 'hang' = 'up';
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        sockets.add(client);
        clients.add(client);
        client.on('close', () => {
          sockets.delete(client);
          clients.delete(client);
        });
        client.on('error', () => {});
        if (mode === 'hang') return;
        const upstream = connect(target.port, target.host);
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  // A reset sends the client an RST (ECONNRESET) instead of an orderly end.
  const cutAll = (reset = false) => {
    for (const s of sockets) {
      if (reset && clients.has(s)) s.resetAndDestroy();
      else s.destroy();
    }
    sockets.clear();
    clients.clear();
  };
  await listen();
  return {
    get port() {
      return port;
    },
    /** Every connection dropped and new ones refused, as while Postgres restarts. */
    async down() {
      mode = 'down';
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        cutAll();
      });
    },
    /**
     * Every connection reset: the client's socket reports ECONNRESET and its close only later, a gap in which code
     * that saw the error may ask for more. New connections still pass.
     */
    reset() {
      cutAll(true);
    },
    /** Every connection dropped; new ones accepted but never answered, as an unreachable host. */
    hang() {
      mode = 'hang';
      cutAll();
    },
    async up() {
      if (mode === 'down') await listen();
      mode = 'up';
    },
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
