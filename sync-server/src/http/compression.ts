import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { answerHeaders, heldBody, varyOn } from './answer.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text answers worth compressing; never a live stream (text/event-stream must reach the client as it is written). */
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|manifest\+json)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)(?:;|$)/i;
/** Below this, the compressed form plus its header saves nothing worth the CPU. */
const MIN_BYTES = 1024;

/** Whether `Accept-Encoding` takes `name` (listed, or `*`, with a q above 0). */
export function accepts(header: string | undefined, name: string): boolean {
  let wildcard = false;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (token === name) return allowed;
    if (token === '*') wildcard = allowed;
  }
  return wildcard;
}

/**
 * Compresses the API's JSON and any text the server writes itself: Brotli at a fast level when the client takes it
 * (a 1,000-row list shrinks about 10x), else gzip. The built app's files come precompressed at the highest level
 * (spa.ts) and are left alone, as are pictures, streams and answers too small to gain. Ours rather than Hono's
 * compress (gzip only, and it reads every answer's headers and body): docs/decisions/013-compression.md.
 */
export function compressAnswer(c: Context): Promise<void> | undefined {
  const res = c.res;
  // Status and headers only: reading `res.body` would turn @hono/node-server's light answer into a web stream.
  const headers = answerHeaders(res);
  if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304 || headers.has('Content-Encoding')) return;
  if (!COMPRESSIBLE.test(headers.get('Content-Type') ?? '')) return;
  if (/no-transform/i.test(headers.get('Cache-Control') ?? '')) return;
  varyOn(headers, 'Accept-Encoding');
  const held = heldBody(res);
  // A small answer is left untouched, so that it is written straight from its string (rebuilding it cost
  // /donations/{id} a fifth of its throughput; ADR 013). Told before Accept-Encoding is read, which is most of this
  // function's time on such an answer.
  if (held !== undefined && (held === null || byteLength(held) < MIN_BYTES)) return;
  const header = c.req.header('accept-encoding');
  const encoding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;
  if (!encoding) return;
  return compress(c, encoding, held);
}

/** Nothing to wait for (no promise) when an answer stays as it is: most answers, at the API's busiest. */
async function compress(c: Context, encoding: 'br' | 'gzip', held: string | Uint8Array | null | undefined): Promise<void> {
  const res = c.res;
  const raw = held == null ? Buffer.from(await res.arrayBuffer()) : Buffer.from(held);
  if (raw.length < MIN_BYTES) {
    c.res = new Response(raw, { status: res.status, headers: res.headers });
    return;
  }
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : await gz(raw, { level: 6 });
  const out = new Headers(res.headers);
  out.set('Content-Encoding', encoding);
  out.delete('Content-Length');
  c.res = new Response(body, { status: res.status, headers: out });
}

const byteLength = (body: string | Uint8Array) => (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
