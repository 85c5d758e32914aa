import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isUnreachableError, noteServerReach, useConnectivity } from './connectivity-store';

describe('useConnectivity', () => {
  it("follows the browser's offline and online events", () => {
    window.dispatchEvent(new Event('offline'));
    expect(useConnectivity.getState().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(useConnectivity.getState().online).toBe(true);
  });

  it('holds whether the server answered, apart from whether a network exists', () => {
    noteServerReach(false);
    expect(useConnectivity.getState()).toMatchObject({ online: true, reachable: false });
    noteServerReach(true);
    expect(useConnectivity.getState().reachable).toBe(true);
  });
});

describe('isUnreachableError', () => {
  it('counts no answer and a gateway in front of the server as unreachable', () => {
    for (const status of [0, 502, 503, 504]) expect(isUnreachableError(new ApiError(status, 'x'))).toBe(true);
  });

  it("counts the server's own answers, refusals and failures too, as reached", () => {
    for (const status of [400, 401, 403, 404, 409, 429, 500]) expect(isUnreachableError(new ApiError(status, 'x'))).toBe(false);
    expect(isUnreachableError(new Error('plain'))).toBe(false);
    expect(isUnreachableError(null)).toBe(false);
  });
});
