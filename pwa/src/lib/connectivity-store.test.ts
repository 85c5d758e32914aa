import { describe, expect, it } from 'vitest';
import { useConnectivity } from './connectivity-store';

describe('useConnectivity', () => {
  it("follows the browser's offline and online events", () => {
    window.dispatchEvent(new Event('offline'));
    expect(useConnectivity.getState().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(useConnectivity.getState().online).toBe(true);
  });
});
