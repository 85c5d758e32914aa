import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import { buildOpenApiDocument } from '../openapi/generate.ts';
import { documentedRoutes } from './table.ts';

const DOCS_JS = readFileSync(new URL('../openapi/docs-page.js', import.meta.url), 'utf8');
/** The script's address changes with its content, so browsers may keep it for a year. */
const VERSION = createHash('sha256').update(DOCS_JS).digest('hex').slice(0, 12);

/** The reference page: no inline script (the Content-Security-Policy allows scripts from this origin only). */
const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FoodBridge API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2933;background:#f7f8fa}
header{background:#14532d;color:#fff;padding:1rem 1.5rem}header h1{margin:0;font-size:1.4rem}
header a{color:#bbf7d0}main{max-width:1100px;margin:0 auto;padding:1rem 1.5rem}
#token{width:100%;max-width:40rem;font:inherit;padding:.3rem}
h2{margin-top:2rem;border-bottom:1px solid #d5d9de}
details{background:#fff;border:1px solid #d5d9de;border-radius:6px;margin:.4rem 0}
summary{cursor:pointer;padding:.5rem .75rem;display:flex;gap:.75rem;align-items:baseline}
.m{font:600 12px monospace;text-transform:uppercase;min-width:4rem;padding:.1rem .4rem;border-radius:4px;color:#fff;text-align:center}
.get{background:#2563eb}.post{background:#15803d}.put{background:#b45309}.patch{background:#7c3aed}.delete{background:#b91c1c}
.p{font-family:monospace}.lock{font-size:12px;color:#6b7280}.body{padding:0 .75rem .75rem}
pre{background:#f1f3f5;padding:.5rem;overflow:auto;max-height:24rem;font-size:13px}
textarea{width:100%;min-height:8rem;font:13px monospace}input.param{font:13px monospace;width:20rem}
table{border-collapse:collapse}td,th{border:1px solid #e1e4e8;padding:.2rem .5rem;text-align:left;vertical-align:top}
button{font:inherit;padding:.3rem .9rem}
</style>
</head>
<body>
<header><h1>FoodBridge API reference</h1><p>OpenAPI 3.1: <a href="/openapi.json">/openapi.json</a></p></header>
<main>
<p><label>ID token for signed-in calls (sent as <code>Authorization: Bearer …</code>; kept in this page only):<br>
<input id="token" autocomplete="off" placeholder="eyJhbGciOi…"></label></p>
<div id="intro"></div>
<div id="operations">Loading /openapi.json…</div>
</main>
<script src="/api/docs/docs.js?v=${VERSION}" defer></script>
</body>
</html>
`;

/** The OpenAPI document and its reference page: public, the same for everyone, so shared caches may keep them. */
export function openApiRoutes() {
  let document: string | undefined;
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      document ??= JSON.stringify(buildOpenApiDocument(documentedRoutes()));
      c.header('Cache-Control', 'public, max-age=300');
      c.header('Content-Type', 'application/json');
      return c.body(document);
    })
    .get('/api/docs', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.html(DOCS_HTML);
    })
    .get('/api/docs/docs.js', (c) => {
      c.header('Cache-Control', c.req.query('v') === VERSION ? 'public, max-age=31536000, immutable' : 'no-cache');
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(DOCS_JS);
    });
}
