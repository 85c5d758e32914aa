import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits for the browser's idle moment, at most the given time, and can be cancelled", () => {
    const asked: Array<{ cb: (d: { timeRemaining(): number }) => void; opts?: { timeout: number } }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: (d: { timeRemaining(): number }) => void, opts?: { timeout: number }) => asked.push({ cb, opts }));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const fn = vi.fn();
    const cancel = whenIdle(fn, 1_000);
    expect(fn).not.toHaveBeenCalled();
    expect(asked[0]?.opts).toEqual({ timeout: 1_000 });
    asked[0]?.cb({ timeRemaining: () => 5 });
    expect(fn).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('falls back to a timer without requestIdleCallback (Safari), with a few ms to spend', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const fn = vi.fn();
    whenIdle(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn.mock.calls[0]?.[0].timeRemaining()).toBeGreaterThan(0);
    const stopped = vi.fn();
    whenIdle(stopped)();
    vi.runAllTimers();
    expect(stopped).not.toHaveBeenCalled();
  });
});
