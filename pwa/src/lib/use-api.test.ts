import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { stubPendingFetch, type PendingRequest } from '@/testing/pending-fetch';
import { useConnectivity } from './connectivity-store';
import { useApi } from './use-api';

// Each request waits until the test answers it, so the order of answers is the test's to choose.
let pending: PendingRequest[];

beforeEach(() => {
  pending = stubPendingFetch();
});

afterEach(() => vi.unstubAllGlobals());

// The client reads the token before it calls fetch, so a request reaches fetch a moment after the render.
const requested = (count: number) => waitFor(() => expect(pending).toHaveLength(count));

describe('useApi', () => {
  it('asks for nothing while the path is null', () => {
    const { result } = renderHook(() => useApi<string[]>(null));
    expect(result.current).toMatchObject({ data: undefined, error: undefined, loading: false });
    expect(pending).toEqual([]);
  });

  it('is loading until the answer comes, then holds the data', async () => {
    const { result } = renderHook(() => useApi<string[]>('/donations/verified'));
    expect(result.current.loading).toBe(true);
    await requested(1);
    expect(pending.map((p) => p.url)).toEqual(['/donations/verified']);

    await act(async () => pending[0]!.answer(200, ['bread']));
    expect(result.current).toMatchObject({ data: ['bread'], error: undefined, loading: false });
  });

  it('holds the error, and a reload asks again and clears it', async () => {
    const { result } = renderHook(() => useApi<string[]>('/donations/verified'));
    await requested(1);
    await act(async () => pending[0]!.answer(500, { message: 'Database unavailable' }));
    expect(result.current.error?.message).toBe('Database unavailable');
    expect(result.current.loading).toBe(false);

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ error: undefined, loading: true });
    await requested(2);
    await act(async () => pending[1]!.answer(200, ['soup']));
    expect(result.current).toMatchObject({ data: ['soup'], error: undefined, loading: false });
  });

  it('cancels the request of the old path and never shows its late answer', async () => {
    const { result, rerender } = renderHook(({ path }) => useApi<string[]>(path), { initialProps: { path: '/favorites/a' } });
    await requested(1);
    rerender({ path: '/favorites/b' });
    await requested(2);
    expect(pending.map((p) => [p.url, p.signal?.aborted])).toEqual([
      ['/favorites/a', true],
      ['/favorites/b', false],
    ]);

    await act(async () => pending[1]!.answer(200, ['b']));
    await act(async () => pending[0]!.answer(200, ['a']));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: ['b'], error: undefined });
  });

  it('tells the connectivity store whether the server answered: a gateway 502 is no answer, a 404 is one', async () => {
    const { result } = renderHook(() => useApi<string[]>('/donations/verified'));
    await requested(1);
    await act(async () => pending[0]!.answer(502, {}));
    expect(result.current.error).toMatchObject({ status: 502 });
    expect(useConnectivity.getState().reachable).toBe(false);

    act(() => result.current.reload());
    await requested(2);
    await act(async () => pending[1]!.answer(404, { message: 'Donation not found' }));
    expect(useConnectivity.getState().reachable).toBe(true);
  });

  it('counts a request that failed before any answer as no answer, and the next success as reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const first = renderHook(() => useApi<string[]>('/my-pickups/a'));
    await waitFor(() => expect(first.result.current.error).toMatchObject({ status: 0 }));
    expect(useConnectivity.getState().reachable).toBe(false);

    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('[]', { status: 200 }))));
    act(() => first.result.current.reload());
    await waitFor(() => expect(first.result.current.data).toEqual([]));
    expect(useConnectivity.getState().reachable).toBe(true);
  });
});
