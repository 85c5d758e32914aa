// fast-check arbitraries for fuzzing the HTTP API (http/fuzz.test.ts): requests a careless or hostile client could
// send to any route. Bodies are built as JSON *text*, so keys such as `__proto__`, duplicate keys and numbers JSON
// cannot round-trip from a JS object reach the server exactly as written.
import fc from 'fast-check';
import { ROLES, type Role } from '@foodbridge/shared';
import { gifBomb } from './image-bombs.ts';

export type Caller = 'signed-out' | Role;
export const CALLERS: readonly Caller[] = ['signed-out', ...ROLES];

/** The rows and accounts the fuzzer aims at, so that some requests get past "not found" to the checks behind it. */
export interface FuzzTargets {
  tokens: Partial<Record<Caller, string>>;
  emails: string[];
  /** Ids of real rows of every kind (donations in each status, requests, reviews, favourites, images, ...). */
  ids: string[];
  paymentIds: string[];
  collections: readonly string[];
  /** A small real picture, so that some multipart uploads are valid but for what the fuzzer bent. */
  picture: Uint8Array;
}

/** A route as Hono lists it: `GET /donations/:id`. */
export interface FuzzRoute {
  method: string;
  path: string;
}

export interface FuzzRequest {
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What was sent, for the counterexample fast-check prints (bodies can be 60 kB). */
  [fc.toStringMethod]: () => string;
}

// --- Strings ------------------------------------------------------------------------------------------------------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((n) => String.fromCharCode(n));

/** Strings that broke, or could break, something somewhere: each is here for a reason a reader can guess. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t  ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  'x\uD83D',
  '\u202E\u202Dabc\u202C',
  '\u200B\u200C\u200D\u2060',
  '\uFEFF',
  '\t\n\r\u000B\u000C\u0085\u2028\u2029',
  '\u0007\u001B[31mred\u001B[0m',
  '\u007F\u0080\u009F',
  '\uFFFD\uFFFE\uFFFF',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e309',
  '-1e308',
  '5e-324',
  '0x1F',
  '0b101',
  '1_000',
  ' 5 ',
  '9007199254740993',
  '99999999999999999999999999999',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '%00',
  '%',
  '%ZZ',
  '%ED%A0%80',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '${7*7}{{7*7}}',
  'ǅİßﬃＲ',
  'Zalgo: Z̷̢̛̛̯͎̪͇a̸͙͓̐l̵̙̈́g̶͔̈́o̵̫͋',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'مرحبا עברית',
  '\u0301\u0301\u0301',
  'A'.repeat(121),
  'é'.repeat(2001),
  'x'.repeat(10_000),
  '/images/00000000-0000-4000-8000-000000000000',
  '/images/00000000-0000-4000-8000-000000000000?w=99999',
  'https://tracker.example/pixel.gif',
  'admin@foodbridge.test',
  ' ADMIN@FOODBRIDGE.TEST ',
  'a@b',
  '@',
  'pi_doesnotexist',
  'Verified',
  'verified',
  'Pending',
  'admin',
  'ADMIN',
  'restaurant',
];

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: controlChar, maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 })).map((p) => p.join('')),
  },
  { weight: 1, arbitrary: fc.uuid() },
);

// --- JSON text ----------------------------------------------------------------------------------------------------

/** Numbers as JSON text: some are not representable as a double (1e400), or are -0, which JSON.stringify loses. */
const numberText = fc.oneof(
  fc.constantFrom('0', '-0', '1', '-1', '0.5', '1e308', '-1e308', '1e400', '-1e400', '5e-324', '1e-400', '9007199254740993', '2147483648', '1.0', '100000', '100001', '3', '6'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
);

const keyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'id', '_id', 'role', 'email', 'status', '') },
  { weight: 1, arbitrary: oddString },
);

/** Any JSON value as text, with odd keys and strings, duplicate keys, and nesting a few levels deep. */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('null', 'true', 'false'),
    numberText,
    oddString.map((s) => JSON.stringify(s)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(keyText, tie('value')), { maxLength: 5 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** Bodies that are not (quite) JSON, or JSON a parser may choke on. */
const strangeBodyText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '{"a":1} trailing',
    '\uFEFF{}',
    'NaN',
    '[1,2',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"\\u0000":1}',
    '{"a":1e400}',
  ),
  // Deep nesting within the 64 kB body limit: a recursive walker overflows its stack long before.
  fc.constantFrom(2_000, 10_000).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.constantFrom(5_000, 30_000).map((n) => '['.repeat(n) + ']'.repeat(n)),
  // Just over the JSON body limit.
  fc.constant(`{"title":"${'x'.repeat(70_000)}"}`),
);

/** Bytes that are not UTF-8 text at all (a client sending a file to a JSON route). */
const strangeBodyBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])), // {} in UTF-16 LE with its BOM
  fc.constant(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])), // {"a":"<bad UTF-8>"}
  fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])), // a PNG's start
);

/** A valid body of the route, with one field replaced, removed or added: it gets past the shape checks to the rest. */
function mutatedTemplate(template: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(template);
  const field = keys.length ? fc.oneof(fc.constantFrom(...keys), keyText) : keyText;
  return fc.tuple(field, fc.constantFrom('set', 'drop', 'duplicate'), jsonText).map(([key, how, value]) => {
    const pairs = Object.entries(template).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
    const own = (k: string) => `${JSON.stringify(k)}:`;
    if (how === 'drop') return `{${pairs.filter((p) => !p.startsWith(own(key))).join(',')}}`;
    if (how === 'duplicate') return `{${[...pairs, `${own(key)}${value}`].join(',')}}`;
    return `{${[...pairs.filter((p) => !p.startsWith(own(key))), `${own(key)}${value}`].join(',')}}`;
  });
}

/** A valid body of a route: its fields, and for a list body (a sync push) how one object sits in the list. */
export interface BodyTemplate {
  fields: Record<string, unknown>;
  wrap?: (objectText: string) => string;
}

/** The body arbitrary of one route: mostly JSON, sometimes its valid body bent, sometimes not JSON at all. */
export function bodyArbitrary(template: BodyTemplate | undefined): fc.Arbitrary<string | Uint8Array> {
  const wrap = template?.wrap ?? ((text: string) => text);
  const fields = template?.fields ?? {};
  return fc.oneof(
    { weight: 4, arbitrary: jsonText },
    { weight: template ? 6 : 0, arbitrary: mutatedTemplate(fields).map(wrap) },
    { weight: template ? 1 : 0, arbitrary: fc.constant(wrap(JSON.stringify(fields))) },
    { weight: 2, arbitrary: strangeBodyText },
    { weight: 1, arbitrary: strangeBodyBytes },
  );
}

// --- URLs ---------------------------------------------------------------------------------------------------------

/** Percent-encodes every byte of the UTF-8 form but the unreserved ones; a lone surrogate becomes U+FFFD, as in fetch. */
export function encodeComponent(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** Already-encoded path segments that a decoder may trip on. */
const RAW_SEGMENTS = ['%', '%Z', '%ZZ', '%ED%A0%80', '%C3%28', '%E0%A4%A', '%2F', '%2e%2e', '..', '.', '%25', '%20', '+', '%u0041', 'a%2Fb'];

function paramArbitrary(name: string, targets: FuzzTargets): fc.Arbitrary<string> {
  const real: string[] = name === 'collection' ? [...targets.collections] : name === 'email' ? targets.emails : [...targets.ids, ...targets.paymentIds];
  const uuidLike = fc.oneof(
    fc.uuid(),
    fc.uuid().map((u) => u.toUpperCase()),
    fc.uuid().map((u) => `{${u}}`),
    fc.uuid().map((u) => u.replaceAll('-', '')),
    fc.uuid().map((u) => `${u} `),
    fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  );
  return fc.oneof(
    { weight: 3, arbitrary: real.length ? fc.constantFrom(...real).map(encodeComponent) : fc.constant('x') },
    { weight: 2, arbitrary: uuidLike.map(encodeComponent) },
    { weight: 3, arbitrary: oddString.filter((s) => s.length < 3000).map(encodeComponent) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

const QUERY_KEYS = ['limit', 'cursor', 'status', 'email', 'charityEmail', 'restaurantEmail', 'seq', 'id', 'w', 'token', 'ticket', '__proto__', 'constructor'];

function queryArbitrary(targets: FuzzTargets): fc.Arbitrary<string> {
  const value = fc.oneof(
    oddString.filter((s) => s.length < 3000).map(encodeComponent),
    fc.constantFrom(...RAW_SEGMENTS),
    fc.constantFrom(...targets.emails, ...targets.ids, '1', '0', '-1', '1000', '1001', '99999999999999999999').map(encodeComponent),
  );
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...QUERY_KEYS), value).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 1, arbitrary: fc.tuple(oddString.map(encodeComponent), value).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: fc.constantFrom('=', '&', '==', 'limit[]=1', 'a=%', '%=%') },
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 5, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((p) => `?${p.join('&')}`) },
  );
}

// --- Headers ------------------------------------------------------------------------------------------------------

/** A header value must be a ByteString without CR, LF or NUL, or fetch's Headers refuses it before it is sent. */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\x80-\xff\t]/g, '?');

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json, text/html',
  'APPLICATION/JSON',
  'text/plain',
  'text/html; charset=utf-8',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'image/png',
  ';;;',
  '',
];

function authorizationArbitrary(token: string | undefined): fc.Arbitrary<string | undefined> {
  const garbage = fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer null',
      'Bearer undefined',
      'Basic YWRtaW46YWRtaW4=',
      'Bearer eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFkbWluQGZvb2RicmlkZ2UudGVzdCJ9.',
      'Bearer eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkbWluQGZvb2RicmlkZ2UudGVzdCJ9.c2ln',
      `Bearer ${'x'.repeat(8000)}`,
      'Bearer \u00e9\u00ff',
    ),
    oddString.map((s) => `Bearer ${headerSafe(s)}`),
  );
  if (!token) return fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: garbage });
  const bent = fc.constantFrom(`bearer ${token}`, `Bearer  ${token}`, `Bearer ${token}x`, `Bearer ${token} extra`, token, `Bearer ${token.slice(0, -2)}`, `Bearer ${token}.`);
  return fc.oneof({ weight: 8, arbitrary: fc.constant(`Bearer ${token}`) }, { weight: 1, arbitrary: bent }, { weight: 1, arbitrary: garbage });
}

const otherHeaders = fc.record(
  {
    'idempotency-key': oddString.map(headerSafe),
    'if-none-match': fc.oneof(oddString.map(headerSafe), fc.constantFrom('*', 'W/"x"', '"a", "b"', ',,,')),
    accept: fc.constantFrom('text/html', 'text/event-stream', '*/*', 'image/webp', 'application/json;q=0', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', '1.2.3.4, 5.6.7.8', 'unknown', 'x'.repeat(300)),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*;q=0'),
  },
  { requiredKeys: [] },
);

// --- Multipart uploads ------------------------------------------------------------------------------------------

const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

/**
 * A multipart/form-data body as a browser would frame it, with the field name, file name, declared type and bytes
 * bent: a real picture, one cut short, a GIF bomb, an SVG, random bytes.
 */
function multipartArbitrary(targets: FuzzTargets): fc.Arbitrary<{ type: string; body: Uint8Array }> {
  const bytes = fc.oneof(
    { weight: 3, arbitrary: fc.constant(targets.picture) },
    { weight: 1, arbitrary: fc.nat({ max: targets.picture.length }).map((n) => targets.picture.subarray(0, n)) },
    { weight: 1, arbitrary: fc.constant(new Uint8Array(gifBomb())) },
    { weight: 1, arbitrary: fc.constant(new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }) },
  );
  const quoted = (s: string) => s.replace(/["\r\n]/g, '_');
  return fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constant('image') }, { weight: 1, arbitrary: oddString.map(quoted) }),
      fc.oneof({ weight: 2, arbitrary: fc.constant('photo.png') }, { weight: 1, arbitrary: oddString.map(quoted) }),
      fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
      bytes,
      fc.boolean(),
    )
    .map(([field, file, type, content, closed]) => {
      const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${file}"\r\nContent-Type: ${type}\r\n\r\n`;
      const tail = closed ? `\r\n--${BOUNDARY}--\r\n` : '';
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: new Uint8Array(Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(tail)])),
      };
    });
}

// --- A whole request ----------------------------------------------------------------------------------------------

// No HEAD: Hono answers it by running the GET handler and dropping its body unread, which would leave a pull stream
// running with nobody to cancel it.
const OTHER_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];

/** One request to `route`: its method (now and then another one), filled path, query, headers, body and caller. */
export function requestArbitrary(
  route: FuzzRoute,
  targets: FuzzTargets,
  template: BodyTemplate | undefined,
): fc.Arbitrary<FuzzRequest> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => paramArbitrary(n, targets)));
  const method = fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) });
  const caller = fc.constantFrom(...CALLERS);
  const contentType = fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: fc.constant(undefined) });
  // Uploads get multipart bodies mostly; every other route now and then, as a client posting a form to it would.
  const multipartWeight = route.path === '/images' ? 6 : 1;
  const payload = fc.oneof(
    { weight: 10, arbitrary: fc.tuple(contentType, bodyArbitrary(template)) },
    { weight: multipartWeight, arbitrary: multipartArbitrary(targets).map(({ type, body }) => [type, body] as const) },
  );
  return fc
    .tuple(caller, method, params, queryArbitrary(targets), payload, otherHeaders)
    .chain(([who, verb, values, query, [type, body], extra]) =>
      authorizationArbitrary(targets.tokens[who]).map((authorization): FuzzRequest => {
        let i = 0;
        const path = route.path.replace(/:(\w+)/g, () => values[i++]!);
        const headers: Record<string, string> = { ...extra };
        if (type !== undefined) headers['content-type'] = type;
        if (authorization !== undefined) headers.authorization = authorization;
        const sendsBody = verb !== 'GET' && verb !== 'HEAD';
        const request: FuzzRequest = {
          caller: who,
          method: verb,
          url: `${path}${query}`,
          headers,
          ...(sendsBody ? { body } : {}),
          [fc.toStringMethod]: () => {
            const shown = typeof body === 'string' ? (body.length > 300 ? `${body.slice(0, 300)}... (${body.length} chars)` : body) : `bytes[${body.length}]`;
            return `${who}: ${verb} ${request.url} ${JSON.stringify(headers).slice(0, 400)} ${sendsBody ? shown : ''}`;
          },
        };
        return request;
      }),
    );
}
