import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { preloadEngine, WARM_DATABASE, warmStorage } from './preload-engine';

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

describe('warmStorage', () => {
  it('leaves one empty database of its own, closed (the account database can then open at once)', async () => {
    const idb = new IDBFactory();
    await warmStorage(idb);
    await warmStorage(idb);
    expect((await idb.databases()).map((d) => d.name)).toEqual([WARM_DATABASE]);
    // Closed: deleting it is not blocked by an open connection.
    const deleted = await new Promise<string>((resolve) => {
      const req = idb.deleteDatabase(WARM_DATABASE);
      req.onsuccess = () => resolve('deleted');
      req.onblocked = () => resolve('blocked');
    });
    expect(deleted).toBe('deleted');
  });

  it('never fails: without IndexedDB, or when the open throws or errs, it resolves all the same', async () => {
    await expect(warmStorage(undefined)).resolves.toBeUndefined();
    const throwing = { open: () => { throw new Error('SecurityError'); } } as unknown as IDBFactory;
    await expect(warmStorage(throwing)).resolves.toBeUndefined();
    const erring = {
      open: () => {
        const req = {} as IDBOpenDBRequest;
        setTimeout(() => req.onerror?.(new Event('error')), 0);
        return req;
      },
    } as unknown as IDBFactory;
    await expect(warmStorage(erring)).resolves.toBeUndefined();
  });
});
