// The app's typed client is made from the route table (issue 44): this writes, for each JSON route, its path
// parameters, query, body and answer as TypeScript types, into pwa/src/lib/api-routes.gen.ts. A schema that shared/
// exports is named (`z.output<typeof S.DonationSchema>`), so the app reads the very type the server validates with;
// anything else is spelled out from the zod schema. The app's bundle gains no bytes: the file holds types only.
// `npm run api-types` writes it; client-types.test.ts fails while it is out of date.
import { z } from 'zod';
import * as shared from '@foodbridge/shared';
import { openApiPath, type RouteSpec } from '../http/route.ts';

/** The shared schemas by identity, so a declaration's schema can be named rather than spelled out. */
function sharedNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(shared)) {
    if (value instanceof z.ZodType && !names.has(value)) names.set(value, name);
  }
  return names;
}

type Io = 'input' | 'output';

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** A zod schema as a TypeScript type: by name where shared exports it, otherwise from its definition. */
function typeOf(schema: z.ZodType, io: Io, names: Map<z.ZodType, string>): string {
  const name = names.get(schema);
  if (name) return `z.${io}<typeof S.${name}>`;
  const def = (schema as z.ZodType & { _zod: { def: Record<string, any> } })._zod.def;
  const inner = (s: z.ZodType) => typeOf(s, io, names);
  switch (def.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'undefined':
    case 'void':
      return 'undefined';
    case 'unknown':
    case 'any':
      return 'unknown';
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
    case 'enum':
      return Object.values(def.entries as Record<string, string | number>)
        .map((v) => JSON.stringify(v))
        .join(' | ');
    case 'array':
      return `Array<${inner(def.element)}>`;
    case 'optional':
      return `${inner(def.innerType)} | undefined`;
    case 'nullable':
      return `${inner(def.innerType)} | null`;
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'union':
      return (def.options as z.ZodType[]).map((o) => `(${inner(o)})`).join(' | ');
    case 'record':
      return `Record<${inner(def.keyType)}, ${inner(def.valueType)}>`;
    case 'pipe':
      return inner(io === 'input' ? def.in : def.out);
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(([field, s]) => {
        const optional = (io === 'output' ? s._zod.optout : s._zod.optin) === 'optional';
        return `${key(field)}${optional ? '?' : ''}: ${inner(s)}`;
      });
      const rest = def.catchall && def.catchall._zod.def.type !== 'never' ? [`[key: string]: unknown`] : [];
      return `{ ${[...fields, ...rest].join('; ')} }`;
    }
    default:
      throw new Error(`client-types: no TypeScript for a zod ${def.type}; name the schema in shared/ instead`);
  }
}

const SUCCESS = (status: number) => status >= 200 && status < 300;

/**
 * JSON routes only: streams, pictures, CSV and pages are read by the browser itself (EventSource, img, links), and
 * uploads (multipart, or raw chunks) are sent by the app's own helpers.
 */
function isJsonRoute(r: RouteSpec): boolean {
  if (r.upload || r.rawBody) return false;
  return Object.entries(r.responses).every(([status, res]) => !SUCCESS(Number(status)) || (res.media ?? (res.schema ? 'json' : 'none')) === 'json' || res.media === 'none');
}

function routeType(r: RouteSpec, names: Map<z.ZodType, string>): string {
  const params = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => `${m[1]}: string`);
  const query = (r.query ?? []).map((q) => `${key(q.name)}${q.required ? '' : '?'}: string | number | undefined`);
  if (r.list) query.push('limit?: number | undefined', 'cursor?: string | undefined');
  const answers = Object.entries(r.responses)
    .filter(([status]) => SUCCESS(Number(status)))
    .map(([, res]) => (res.schema ? typeOf(res.schema, 'output', names) : 'undefined'));
  const body = r.body ? typeOf(r.body.schema, 'input', names) : undefined;
  const object = (fields: string[]) => (fields.length ? `{ ${fields.join('; ')} }` : '{}');
  return [
    `    params: ${object(params)};`,
    `    query: ${object(query)};`,
    `    body: ${body ? (r.body?.required === false ? `${body} | undefined` : body) : 'undefined'};`,
    `    answer: ${[...new Set(answers)].join(' | ')};`,
  ].join('\n');
}

/** The whole file: one entry per JSON route, keyed `METHOD /path/{param}`. */
export function clientTypesSource(routes: readonly RouteSpec[]): string {
  const names = sharedNames();
  const entries = routes
    .filter(isJsonRoute)
    .map((r) => `  '${r.method.toUpperCase()} ${openApiPath(r.path)}': {\n${routeType(r, names)}\n  };`);
  return [
    '// Made by `npm run api-types` from the route table (sync-server/src/routes/table.ts). Do not edit: change the',
    "// route's declaration and run it again (sync-server/src/openapi/client-types.test.ts fails while this is stale).",
    "import type { z } from 'zod';",
    "import type * as S from '@foodbridge/shared';",
    '',
    '/** Each JSON route of the API: its path parameters, query, body and answer. */',
    'export interface ApiRoutes {',
    ...entries,
    '}',
    '',
  ].join('\n');
}

/** Where the app keeps the file. */
export const CLIENT_TYPES_FILE = new URL('../../../pwa/src/lib/api-routes.gen.ts', import.meta.url);
