import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { acceptRefusalOf } from './accept-invite';

describe('acceptRefusalOf', () => {
  it.each([
    [400, 'invitations/invalid', 'invalid'],
    [403, 'invitations/other-email', 'other-email'],
    [409, 'invitations/in-organisation', 'in-organisation'],
    [409, 'invitations/admin', 'admin'],
  ] as const)("%i %s: what to do next is the refusal's own (%s)", (status, code, kind) => {
    expect(acceptRefusalOf(new ApiError(status, 'The server says why.', code), 'Failed')).toEqual({ kind, message: 'The server says why.' });
  });

  it('offers to try again after a lost connection or server trouble, with what is known of it', () => {
    expect(acceptRefusalOf(new ApiError(0, 'Cannot reach FoodBridge.', 'auth/network-request-failed'), 'Failed')).toEqual({
      kind: 'failed',
      message: 'Cannot reach FoodBridge.',
    });
    expect(acceptRefusalOf(new ApiError(500, 'Internal error', 'internal'), 'Failed')).toEqual({ kind: 'failed', message: 'Failed' });
    expect(acceptRefusalOf(new TypeError('boom'), 'Failed')).toEqual({ kind: 'failed', message: 'Failed' });
  });
});
