import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useUnexpired } from './use-unexpired';

const NOW = new Date('2026-11-25T18:00:00Z').getTime();
const inSeconds = (s: number) => new Date(NOW + s * 1000).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('useUnexpired', () => {
  const list = [
    createDonation({ _id: 'forever' }),
    createDonation({ _id: 'soon', bestBefore: inSeconds(20) }),
    createDonation({ _id: 'later', bestBefore: inSeconds(90) }),
    createDonation({ _id: 'gone', bestBefore: inSeconds(-5) }),
  ];
  const ids = (ds: { _id: string }[] | undefined) => ds?.map((d) => d._id);

  it('drops each donation the moment its best-before passes, with no new list from outside', () => {
    const { result } = renderHook(() => useUnexpired(list));
    expect(ids(result.current)).toEqual(['forever', 'soon', 'later']);
    act(() => vi.advanceTimersByTime(19_999));
    expect(ids(result.current)).toEqual(['forever', 'soon', 'later']);
    act(() => vi.advanceTimersByTime(1));
    expect(ids(result.current)).toEqual(['forever', 'later']);
    act(() => vi.advanceTimersByTime(70_000));
    expect(ids(result.current)).toEqual(['forever']);
    // Nothing left to wait for: no timer stays armed.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the very array when nothing has expired, and passes a missing list through', () => {
    const fresh = [createDonation({ bestBefore: inSeconds(60) }), createDonation()];
    expect(renderHook(() => useUnexpired(fresh)).result.current).toBe(fresh);
    expect(renderHook(() => useUnexpired(undefined)).result.current).toBeUndefined();
  });
});
