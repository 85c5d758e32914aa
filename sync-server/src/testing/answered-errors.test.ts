import { describe, expect, it } from 'vitest';
import { noteAnswer, takeUndeclaredErrors } from './answered-errors.ts';

const answer = (status: number, code: string) => new Response(JSON.stringify({ message: 'x', code }), { status, headers: { 'content-type': 'application/json' } });

describe('the check of answered error codes', () => {
  it('finds a code the route does not declare, and passes those it declares or implies', async () => {
    takeUndeclaredErrors();
    await noteAnswer('GET', '/donations/7f3c2a4e-1b2d-4c5e-8f90-1a2b3c4d5e6f', answer(404, 'not-found/donation'));
    await noteAnswer('GET', '/donations/nope', answer(400, 'validation/invalid-id'));
    await noteAnswer('POST', '/donations', answer(400, 'validation/title-required'));
    await noteAnswer('POST', '/donations', answer(503, 'server/unavailable'));
    expect(takeUndeclaredErrors()).toEqual([]);

    await noteAnswer('GET', '/donations/7f3c2a4e-1b2d-4c5e-8f90-1a2b3c4d5e6f', answer(409, 'reviews/already'));
    await noteAnswer('POST', '/donations', answer(400, 'validation/pickup-at-past'));
    // A literal path is matched before the parameter it would also fit, as the app dispatches it.
    await noteAnswer('GET', '/donations/verified', answer(404, 'not-found/donation'));
    expect(takeUndeclaredErrors()).toEqual([
      'GET /donations/:id 409 reviews/already',
      'POST /donations 400 validation/pickup-at-past',
      'GET /donations/verified 404 not-found/donation',
    ]);
  });

  it('ignores answers outside the table and successes', async () => {
    await noteAnswer('GET', '/no/such/route', answer(404, 'not-found'));
    await noteAnswer('GET', '/donations/verified', new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(takeUndeclaredErrors()).toEqual([]);
  });
});
