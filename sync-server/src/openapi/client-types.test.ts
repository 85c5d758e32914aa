// The app's client types follow the route table: a route added, removed or changed must be written into them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '../routes/table.ts';
import { CLIENT_TYPES_FILE, clientTypesSource } from './client-types.ts';
import { route } from '../http/route.ts';
import { ok } from './responses.ts';

describe("the app's client types", () => {
  it('are those of the route table (run `npm run api-types` after changing a route)', () => {
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(clientTypesSource(ROUTES));
  });

  it('name a shared schema and spell out any other, with optional fields and query parameters', () => {
    const source = clientTypesSource([
      route(
        {
          method: 'get',
          path: '/things/:id',
          summary: 'A thing',
          tags: ['Things'],
          security: 'none',
          query: [{ name: 'when', description: 'When.', required: true }],
          list: true,
          responses: { 200: ok('It.', z.object({ user: z.array(z.any()).optional(), n: z.number().nullable() })) },
        },
        (c) => c.json({}),
      ),
    ]);
    expect(source).toContain("'GET /things/{id}': {");
    expect(source).toContain('params: { id: string };');
    expect(source).toContain('query: { when: string | number | undefined; limit?: number | undefined; cursor?: string | undefined };');
    expect(source).toContain('answer: { user?: Array<unknown> | undefined; n: number | null };');
  });
});
