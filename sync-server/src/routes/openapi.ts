import { z } from 'zod';
import { accepts } from '../http/compression.ts';
import { route, type Route } from '../http/route.ts';
import { ok } from '../openapi/responses.ts';
import { buildOpenApiDocument } from '../openapi/generate.ts';
import { referencePage, scalarBundle, START_SCRIPT, START_SCRIPT_VERSION } from '../openapi/reference-page.ts';

/** A script at its versioned address may be kept for a year; at any other, it is asked for again each time. */
const scriptCaching = (v: string | undefined, version: string) => (v === version ? 'public, max-age=31536000, immutable' : 'no-cache');

let document: string | undefined;
let page: string | undefined;

/**
 * The OpenAPI document of `table()` and its reference page (openapi/reference-page.ts: the page names both scripts by
 * these paths): public, the same for everyone, so shared caches may keep them. The table is read when the document is
 * first asked for: it holds these routes too.
 */
export const openApiRoutes = (table: () => readonly Route[]) => [
  route(
    {
      method: 'get',
      path: '/openapi.json',
      summary: 'This OpenAPI document',
      tags: ['Reference'],
      security: 'none',
      responses: { 200: ok('OpenAPI 3.1.', z.object({ openapi: z.string() }).catchall(z.unknown())) },
    },
    (c) => {
      document ??= JSON.stringify(buildOpenApiDocument(table()));
      c.header('Cache-Control', 'public, max-age=300');
      c.header('Content-Type', 'application/json');
      return c.body(document);
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/docs',
      summary: 'The interactive API reference (HTML, Scalar)',
      tags: ['Reference'],
      security: 'none',
      responses: { 200: ok('An HTML page.', undefined, { media: 'text' }) },
    },
    (c) => {
      // Made once, when the bundle's version is first known (reading the bundle is the first reader's wait).
      page ??= referencePage(scalarBundle().version);
      c.header('Cache-Control', 'public, max-age=300');
      return c.html(page);
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/docs/docs.js',
      summary: 'The reference page’s script: starts Scalar with our options',
      tags: ['Reference'],
      security: 'none',
      responses: { 200: ok('JavaScript.', undefined, { media: 'text' }) },
    },
    (c) => {
      c.header('Cache-Control', scriptCaching(c.req.query('v'), START_SCRIPT_VERSION));
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(START_SCRIPT);
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/docs/scalar.js',
      summary: 'Scalar’s API reference (@scalar/api-reference, its browser bundle)',
      tags: ['Reference'],
      security: 'none',
      responses: { 200: ok('JavaScript, Brotli- or gzip-compressed when the client takes it.', undefined, { media: 'text' }) },
    },
    async (c) => {
      const bundle = scalarBundle();
      c.header('Cache-Control', scriptCaching(c.req.query('v'), bundle.version));
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Vary', 'Accept-Encoding');
      const header = c.req.header('accept-encoding');
      const encoding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;
      if (!encoding) return c.body(bundle.raw);
      const body = await bundle.encoded(encoding);
      // Set, the answer compression leaves the body as it is.
      c.header('Content-Encoding', encoding);
      return c.body(body);
    },
  ),
];
