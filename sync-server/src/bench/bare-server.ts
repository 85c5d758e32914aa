import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sql } from '../db/connection.ts';
import { findDonation, listDonations, toDonation } from '../db/donations.ts';

/**
 * The reference the API is measured against: node:http and postgres.js running the same queries and the same
 * row-to-JSON mapping, with nothing else (no router, no middleware, no token, no permission check). What the app
 * costs beyond it is what Hono, the checks and the headers cost.
 */
export async function startBareServer(sql: Sql): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://bare');
      let body: unknown;
      if (url.pathname === '/donations/verified') {
        const limit = Number(url.searchParams.get('limit') ?? 50);
        const rows = await listDonations(sql, { kind: 'verified' }, { limit });
        body = rows.slice(0, limit).map((r) => toDonation(r, false));
      } else {
        const row = await findDonation(sql, url.pathname.slice('/donations/'.length));
        body = row ? toDonation(row, false) : null;
      }
      res.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
