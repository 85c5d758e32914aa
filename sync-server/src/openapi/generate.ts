// The OpenAPI 3.1 document of the API, made from the route table (routes/table.ts): each route's declaration beside its
// handler holds its schemas, answers and words, so the document cannot disagree with the app.
import { z } from 'zod';
import { ERRORS, LIST_LIMIT_MAX, type ErrorCode } from '@foodbridge/shared';
import {
  ANY_CALL_CODES,
  PARAM_SCHEMAS,
  SIGN_IN_CODES,
  WRITE_CODES,
  openApiPath,
  routeErrorCodes,
  type DocResponse,
  type RouteSpec,
} from '../http/route.ts';
import { ErrorSchema, err } from './responses.ts';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); checks zod cannot express are left out. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
}

const MEDIA: Record<NonNullable<DocResponse['media']>, string | undefined> = {
  json: 'application/json',
  csv: 'text/csv',
  sse: 'text/event-stream',
  image: 'image/*',
  text: 'text/plain',
  calendar: 'text/calendar',
  none: undefined,
};

const LINK_HEADER = {
  Link: {
    description: 'The next page, when there is one: `</donations?limit=100&cursor=...>; rel="next"`. Follow it as it is.',
    schema: { type: 'string' },
  },
};

const LIST_QUERY = [
  { name: 'limit', in: 'query', description: `Items per page, 1-${LIST_LIMIT_MAX} (default ${LIST_LIMIT_MAX}).`, schema: { type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX } },
  { name: 'cursor', in: 'query', description: 'Where the page starts: taken from the previous page’s `Link` header.', schema: { type: 'string', format: 'uuid' } },
];

/** What a refusal's status means, where the route's declaration implies it but does not describe it. */
const IMPLIED: Record<number, string> = {
  400: 'Invalid input.',
  401: 'Not signed in, or the ID token is invalid or expired.',
  403: 'Not allowed.',
};

/** A refusal's content: the schema names its codes, and each code is an example with its English sentence. */
function errorContent(codes: ReadonlySet<ErrorCode>): Json {
  const list = [...codes].sort();
  if (list.length === 0) return { schema: { $ref: '#/components/schemas/Error' } };
  return {
    schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: list } } }] },
    examples: Object.fromEntries(list.map((code) => [code, { summary: code, value: { message: ERRORS[code].message, code } }])),
  };
}

function responseObject(op: RouteSpec, status: number, r: DocResponse, codes: ReadonlySet<ErrorCode> = new Set()): Json {
  const media = r.media ?? (r.schema ? 'json' : status >= 400 ? 'json' : 'none');
  const type = MEDIA[media];
  const content = status >= 400 && !r.schema && media === 'json' ? errorContent(codes) : r.schema ? { schema: jsonSchemaOf(r.schema, 'output') } : {};
  const headers = { ...(op.list && status === 200 ? LINK_HEADER : {}), ...(r.headers ?? {}) };
  return {
    description: r.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(type ? { content: { [type]: content } } : {}),
  };
}

function operationObject(op: RouteSpec): Json {
  const parameters = [
    ...Object.entries(op.params ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: jsonSchemaOf(PARAM_SCHEMAS[name] ?? z.string(), 'input'),
    })),
    ...(op.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      description: q.description,
      ...(q.required ? { required: true } : {}),
      schema: jsonSchemaOf(q.schema ?? z.string(), 'input'),
    })),
    ...(op.list ? LIST_QUERY : []),
    ...(op.headers ?? []).map((h) => ({ name: h.name, in: 'header', description: h.description, required: h.required ?? false, schema: { type: 'string' } })),
  ];
  const codes = routeErrorCodes(op);
  const responses = Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, responseObject(op, Number(status), r, codes.get(Number(status)))]));
  // A refusal the declaration implies (sign-in, roles, a limit, an input's rules) without describing it.
  for (const [status, implied] of [...codes].sort(([a], [b]) => a - b)) {
    const description =
      status === 403 && op.roles
        ? `Only for ${op.roles.join(' or ')} accounts.`
        : status === 429 && op.limits
          ? `Too many ${op.limits.map((l) => l.what).join(', or ')}: wait as \`Retry-After\` says.`
          : (IMPLIED[status] ?? 'Refused.');
    responses[status] ??= responseObject(op, status, err(description), implied);
  }
  const who = op.roles ? `Only for ${op.roles.join(' or ')} accounts.` : undefined;
  const description = [op.description, who].filter(Boolean).join('\n\n');
  const body = op.body
    ? { required: op.body.required ?? true, content: { 'application/json': { schema: jsonSchemaOf(op.body.schema, 'input'), example: op.body.example } } }
    : op.upload
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: [op.upload.field], properties: { [op.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream', description: op.upload.description } } },
            },
          },
        }
      : op.rawBody
        ? { required: true, content: { [op.rawBody.mediaType]: { schema: { type: 'string', contentMediaType: 'application/octet-stream', description: op.rawBody.description } } } }
        : undefined;
  return {
    operationId: `${op.method}${openApiPath(op.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    ...(description ? { description } : {}),
    tags: op.tags,
    security: op.security === 'bearer' ? [{ bearer: [] }] : op.security === 'optional' ? [{}, { bearer: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The codes any call may get, whatever its route (http/route.ts), as the lines of a list. */
function generalCodes(): string[] {
  const line = (when: string, table: Readonly<Record<number, readonly ErrorCode[]>>) =>
    `  - ${when}: ${Object.entries(table)
      .map(([status, codes]) => `${status} ${codes.map((code) => `\`${code}\``).join(', ')}`)
      .join('; ')}`;
  return [line('any call', ANY_CALL_CODES), line('a call with an `Authorization` header', SIGN_IN_CODES), line('any write', WRITE_CODES)];
}

/** The whole document of `routes` (the app's table); the same for every caller, so it is built once. */
export function buildOpenApiDocument(routes: readonly RouteSpec[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of routes) (paths[openApiPath(op.path)] ??= {})[op.method] = operationObject(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'FoodBridge API',
      version: '1.0.0',
      description: [
        'Restaurants post surplus food, an admin verifies it, charities request and collect it.',
        '',
        '- **Sign-in**: `Authorization: Bearer <ID token>` (from POST /auth/login, or a Firebase ID token when the server runs with Firebase).',
        '- **Lists** answer a plain JSON array of at most `limit` items; the next page’s address is in the `Link: <...>; rel="next"` header.',
        '- **Errors** answer `{ "message": "...", "code": "..." }`: an English sentence a person can read and a stable code to translate it by (with `values` for its varying parts). A 429 carries `Retry-After`. Each operation lists the codes it gives; besides those, any call may answer:',
        ...generalCodes(),
      ].join('\n'),
    },
    tags: [...new Set(routes.flatMap((o) => o.tags))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An ID token of the built-in provider or of Firebase.' } },
      schemas: { Error: jsonSchemaOf(ErrorSchema, 'output') },
    },
  };
}
