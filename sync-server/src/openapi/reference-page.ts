// The API reference at /api/docs: Scalar's reference (@scalar/api-reference, its self-contained browser bundle)
// reading /openapi.json, served from this origin under the app's Content-Security-Policy (script-src 'self' with no
// inline script, connect-src 'self'). The page is three files of ours: the HTML, Scalar's bundle, and a small script
// that starts it with our configuration (a script file, since the policy runs no inline script).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ReferenceProps } from '@scalar/api-reference';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

type ScalarConfiguration = Exclude<NonNullable<ReferenceProps['configuration']>, readonly unknown[]>;

/**
 * Scalar's options (@scalar/types' api-reference configuration, as of 1.76). Nothing may come from elsewhere: by
 * default Scalar loads its fonts from fonts.scalar.com, offers its chat (Agent Scalar, api.scalar.com) and its
 * developer toolbar (share and deploy on scalar.com) on localhost, and sends the test requests through a proxy when
 * one is configured. The policy would refuse each of them, which the browser reports as a violation.
 */
export const SCALAR_CONFIGURATION = {
  url: '/openapi.json',
  metaData: { title: 'FoodBridge API reference' },
  // The system's fonts instead of Inter and JetBrains Mono from fonts.scalar.com.
  withDefaultFonts: false,
  // No `proxyUrl`: the test requests go straight to this server, the page's own origin.
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  telemetry: false,
  // The ID token typed into the page stays in the page, as the reader's own.
  persistAuth: false,
  documentDownloadType: 'json',
} satisfies ScalarConfiguration;

/** Where Scalar mounts: not `#api-reference`, which Scalar's bundle would mount a second, empty reference on. */
const MOUNT_ID = 'reference';

/**
 * The page's own script, run before Scalar's bundle (both deferred, so in order, and both before DOMContentLoaded).
 * It tells the zod inside the bundle not to probe for eval (`new Function`), which the policy refuses and the browser
 * reports as a violation: zod keeps its settings on globalThis.__zod_globalConfig (what z.config({ jitless: true })
 * writes), read when the bundle loads. Then it starts Scalar with the options above once the bundle has run.
 */
export const START_SCRIPT = `// FoodBridge API reference: Scalar's options (sync-server/src/openapi/reference-page.ts).
(globalThis.__zod_globalConfig ??= {}).jitless = true;
document.addEventListener('DOMContentLoaded', () => Scalar.createApiReference('#${MOUNT_ID}', ${JSON.stringify(SCALAR_CONFIGURATION)}));
`;

/** A file's address changes with its content, so browsers may keep it for a year. */
export const versionOf = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex').slice(0, 12);

export const START_SCRIPT_VERSION = versionOf(START_SCRIPT);

export const SCRIPT_PATHS = { scalar: '/api/docs/scalar.js', start: '/api/docs/docs.js' } as const;

/**
 * The reference page, naming the current version of each script. No inline script, nothing from another origin. The
 * icon is the app's (served beside it); without one named, the browser would ask for /favicon.ico, which is a 404.
 */
export function referencePage(scalarVersion: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FoodBridge API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script src="${SCRIPT_PATHS.start}?v=${START_SCRIPT_VERSION}" defer></script>
<script src="${SCRIPT_PATHS.scalar}?v=${scalarVersion}" defer></script>
</head>
<body>
<noscript><p>The FoodBridge API reference needs JavaScript. The OpenAPI 3.1 document itself: <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<div id="${MOUNT_ID}"></div>
</body>
</html>
`;
}

/**
 * Where Scalar's browser bundle is: in the installed package (development, tests, and the image while the package is
 * a production dependency), else the copy the build puts beside the built server (scripts/build.mjs), which is all an
 * install without the package has. The package's `exports` name no file of dist/browser: its main entry,
 * dist/index.js, is found instead, and the bundle beside it.
 */
export function scalarBundlePath(): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');
  } catch {
    return fileURLToPath(new URL('../../dist/api-reference/standalone.js', import.meta.url));
  }
}

export type Encoding = 'br' | 'gzip';

export interface ScalarBundle {
  version: string;
  /** As installed: 4.9 MB for 1.76. */
  raw: Uint8Array<ArrayBuffer>;
  /** Compressed once per process, on first request (Brotli ~1.2 MB in about a second, gzip ~1.4 MB). */
  encoded(encoding: Encoding): Promise<Uint8Array<ArrayBuffer>>;
}

let bundle: ScalarBundle | undefined;

/**
 * Scalar's bundle, read once per process when the reference is first opened (not at start: most processes never
 * serve it, and it is 5 MB). Compressed here rather than by the answer compression (http/compression.ts), which
 * would spend Brotli's fast level on all 5 MB again for each reader.
 */
export function scalarBundle(): ScalarBundle {
  if (bundle) return bundle;
  const raw = readFileSync(scalarBundlePath());
  const forms = new Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>();
  const compress = (encoding: Encoding) =>
    encoding === 'br'
      ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gz(raw, { level: 9 });
  bundle = {
    version: versionOf(raw),
    raw,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = compress(encoding);
        forms.set(encoding, form);
        // A failure is not kept: the next reader tries again.
        form.catch(() => forms.delete(encoding));
      }
      return form;
    },
  };
  return bundle;
}
