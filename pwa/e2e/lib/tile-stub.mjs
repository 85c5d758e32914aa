// @ts-check
// A local map tile server for the browser tests: any /{z}/{x}/{y}.png answers one generated 256x256 PNG, and every
// request is counted, so a test proves the map drew its tiles from MAP_TILES_URL without reaching the internet.
import { createServer } from 'node:http';
import { makePng } from './images.mjs';

/**
 * Starts the stub on a free port of 127.0.0.1. `template` is the MAP_TILES_URL to give the server; `requests` the
 * tile paths asked for so far; `failing = true` answers 503 instead (tiles that cannot be had).
 */
export async function startTileStub() {
  const tile = makePng(256, 256, [220, 232, 220], [200, 215, 230]);
  /** @type {string[]} */
  const requests = [];
  const state = { failing: false };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stub.invalid').pathname;
    if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
      res.writeHead(404).end();
      return;
    }
    requests.push(path);
    if (state.failing) {
      res.writeHead(503).end();
      return;
    }
    // No caching: each map a test opens asks again, so the count says what that map fetched.
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': tile.length, 'Cache-Control': 'no-store' }).end(tile);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    template: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    requests,
    set failing(/** @type {boolean} */ value) {
      state.failing = value;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
