// The OpenAPI document made from the route table, against the app itself: the app registers exactly the table's
// routes (so none is registered outside it), every example body passes the schema that validates the request, and what the document says about sign-in and the main
// success status agrees with the permission matrix (testing/permission-matrix.ts), which is checked against the
// real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { PERMISSION_MATRIX } from '../testing/permission-matrix.ts';
import { openApiPath, routeKey, type RouteSpec } from '../http/route.ts';
import { ROUTES } from '../routes/table.ts';
import { buildOpenApiDocument } from './generate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** `GET /donations/{id}`, the app's `GET /donations/:id` spelled the OpenAPI way. */
const docKey = (op: RouteSpec) => `${op.method.toUpperCase()} ${openApiPath(op.path)}`;
const isMiddleware = (r: { method: string; path: string }) => r.method === 'ALL' && (r.path === '/*' || r.path === '*');

describe('the OpenAPI document', () => {
  it('documents every route the app registers, and the app registers only the routes of the table', () => {
    const appRoutes = new Set(t.app.routes.filter((r) => !isMiddleware(r)).map((r) => `${r.method} ${openApiPath(r.path)}`));
    const documented = new Set(ROUTES.map(docKey));
    expect([...appRoutes].filter((r) => !documented.has(r)).sort(), 'routes missing from the document').toEqual([]);
    expect([...documented].filter((r) => !appRoutes.has(r)).sort(), 'documented routes the app does not have').toEqual([]);
    expect(ROUTES.length, 'a route documented twice').toBe(documented.size);
  });

  it('names every path parameter of a route, and only those', () => {
    const problems = ROUTES.flatMap((op) => {
      const inPath = [...op.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const named = Object.keys(op.params ?? {}).sort();
      return JSON.stringify(inPath) === JSON.stringify(named) ? [] : [`${docKey(op)}: path has ${inPath}, params ${named}`];
    });
    expect(problems).toEqual([]);
  });

  it.each(ROUTES.filter((op) => op.body).map((op) => [docKey(op), op] as const))('the example body of %s passes its schema', (_, op) => {
    const parsed = op.body!.schema.safeParse(op.body!.example);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('says sign-in is required exactly where the permission matrix refuses a signed-out caller', () => {
    const problems: string[] = [];
    for (const op of ROUTES) {
      const rows = PERMISSION_MATRIX.filter((r) => r.route === routeKey({ method: op.method.toUpperCase(), path: op.path }));
      if (!rows.length) {
        problems.push(`${docKey(op)}: no row in the permission matrix`);
        continue;
      }
      const refusedSignedOut = rows.every((r) => r.expect.anonymous === 401);
      if (refusedSignedOut !== (op.security === 'bearer')) problems.push(`${docKey(op)}: documented ${op.security}, matrix gives signed-out callers ${rows.map((r) => r.expect.anonymous)}`);
    }
    expect(problems).toEqual([]);
  });

  it("documents each route's main success status as one the permission matrix sees", () => {
    // Not reached by the matrix's callers: address search is off without GEOCODER_URL (geocode.test.ts covers its
    // 200), and its world has no fresh pickup report to correct (pickup-reports.test.ts covers the 200).
    const offInTests = new Set(['GET /geocode', 'PUT /donations/{id}/pickup-report']);
    const problems: string[] = [];
    for (const op of ROUTES) {
      if (offInTests.has(docKey(op))) continue;
      // Some routes have two (201 created, 200 already there): at least one must be seen.
      const successes = Object.keys(op.responses).map(Number).filter((s) => s < 300);
      const route = `${op.method.toUpperCase()} ${op.path}`;
      const seen = new Set(PERMISSION_MATRIX.filter((r) => r.route === route).flatMap((r) => Object.values(r.expect)));
      if (!successes.some((s) => seen.has(s))) problems.push(`${docKey(op)}: documents ${successes}, the matrix sees ${[...seen]}`);
    }
    expect(problems).toEqual([]);
  });

  it('is OpenAPI 3.1 with a schema for every JSON request body, a success answer and a 401 for signed-in routes', () => {
    const doc = buildOpenApiDocument(ROUTES) as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const op of ROUTES) {
      const o = doc.paths[openApiPath(op.path)]![op.method];
      const label = docKey(op);
      expect(Object.keys(o.responses).some((s) => Number(s) < 300), label).toBe(true);
      if (op.body) expect(o.requestBody.content['application/json'].schema.type, label).toBeDefined();
      if (op.security === 'bearer') {
        expect(o.security, label).toEqual([{ bearer: [] }]);
        expect(o.responses['401'], label).toBeDefined();
      }
      if (op.list) {
        expect(o.responses['200'].headers.Link, label).toBeDefined();
        expect(o.parameters.map((p: { name: string }) => p.name), label).toEqual(expect.arrayContaining(['limit', 'cursor']));
        expect(o.responses['200'].content['application/json'].schema.type, label).toBe('array');
      }
    }
    // The change stream is documented as what it is.
    expect(Object.keys(doc.paths['/sync/{collection}/pull/stream']!.get.responses['200'].content)).toEqual(['text/event-stream']);
    // Errors are `{ message, code }`, with the codes the route gives.
    expect(doc.paths['/donations']!.post.responses['403'].content['application/json'].schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('lists the error codes of each operation: declared, implied by its inputs and sign-in, each with its sentence', () => {
    const doc = buildOpenApiDocument(ROUTES) as { info: { description: string }; paths: Record<string, Record<string, any>> };
    const codesOf = (path: string, method: string, status: number): string[] =>
      doc.paths[path]![method].responses[String(status)].content['application/json'].schema.allOf[1].properties.code.enum;
    // Declared by the route.
    expect(codesOf('/donation-requests', 'post', 409)).toEqual(expect.arrayContaining(['donation-requests/already-requested', 'donations/expired']));
    // From the body's schema, the path's uuid, sign-in and roles.
    expect(codesOf('/donations', 'post', 400)).toEqual(expect.arrayContaining(['validation/title-required', 'validation/best-before-past', 'request/invalid-json']));
    expect(codesOf('/donations/{id}', 'get', 400)).toEqual(['validation/invalid-id']);
    expect(codesOf('/donations', 'post', 401)).toEqual(['auth/sign-in-required']);
    expect(codesOf('/donations', 'post', 403)).toContain('access/denied');
    // A limited route says so.
    expect(codesOf('/auth/login', 'post', 429)).toEqual(['auth/too-many-requests']);
    const example = doc.paths['/donations/{id}']!.get.responses['404'].content['application/json'].examples['not-found/donation'];
    expect(example.value).toEqual({ message: 'Donation not found', code: 'not-found/donation' });
    // What any call may answer is said once, in the document's description.
    expect(doc.info.description).toContain('`server/unavailable`');
  });
});
