import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadEngine } from './preload-engine';

describe('preloadEngine', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the engine once the page is idle, not during the render that asked', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => ((idle = cb), 7));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn(() => Promise.resolve());
    preloadEngine(load);
    expect(load).not.toHaveBeenCalled();
    idle?.();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts nothing when cancelled first (the page left before it was idle)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(() => Promise.resolve());
    preloadEngine(load)();
    vi.runAllTimers();
    expect(load).not.toHaveBeenCalled();
  });

  it('swallows a failed download: the sign-in imports the engine again and reports its own failure', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const failed = Promise.reject(new Error('offline'));
    const load = vi.fn(() => failed);
    preloadEngine(load);
    vi.runAllTimers();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(failed.catch(() => 'handled')).resolves.toBe('handled');
  });
});
