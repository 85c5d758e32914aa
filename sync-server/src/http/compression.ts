import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';

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
 * (spa.ts) and are left alone, as are pictures, streams and answers too small to gain.
 */
export const compressAnswers = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.headers.has('Content-Encoding')) return;
  if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
  if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
  const vary = res.headers.get('Vary');
  if (!vary?.toLowerCase().includes('accept-encoding')) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const header = c.req.header('accept-encoding');
  const encoding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;
  if (!encoding) return;
  const raw = Buffer.from(await res.arrayBuffer());
  if (raw.length < MIN_BYTES) {
    c.res = new Response(raw, res);
    return;
  }
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : await gz(raw, { level: 6 });
  c.res = new Response(body, res);
  c.res.headers.set('Content-Encoding', encoding);
  c.res.headers.delete('Content-Length');
});
