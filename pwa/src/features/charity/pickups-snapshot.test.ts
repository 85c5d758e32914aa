import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import type { ReadState } from '@/lib/db/local-first';
import { clearScreenSnapshots, readScreenSnapshot, writeScreenSnapshot } from '@/lib/db/screen-snapshot';
import type { PickupPlan } from './components/pickup-card';
import { usePickupsSnapshot } from './pickups-snapshot';

const EMAIL = 'food-aid@charity.test';
const item = (id: string) => ({ _id: id, donationTitle: `Bread ${id}`, status: 'Accepted' }) as unknown as PickupItem;
const plan: PickupPlan = { pickupAt: '2026-12-08T18:30:00.000Z', pickupTime: '18:30', restaurantPhone: '+1 555 0100' };
const reading = (data?: PickupItem[]): ReadState<PickupItem[]> => ({ data, error: undefined, loading: data === undefined, reload: () => {} });
const any = (_v: unknown): _v is unknown => true;

afterEach(() => vi.useRealTimers());

describe('screen snapshots', () => {
  it('are read back for their own account only, and all go at sign-out', () => {
    writeScreenSnapshot('myPickups', 'u1', { n: 1 });
    writeScreenSnapshot('other', 'u1', { n: 2 });
    expect(readScreenSnapshot('myPickups', 'u1', any)).toEqual({ n: 1 });
    expect(readScreenSnapshot('myPickups', 'u2', any)).toBeUndefined();
    expect(readScreenSnapshot('myPickups', undefined, any)).toBeUndefined();
    localStorage.setItem('foodbridge.session', 'kept');
    clearScreenSnapshots();
    expect(readScreenSnapshot('myPickups', 'u1', any)).toBeUndefined();
    expect(readScreenSnapshot('other', 'u1', any)).toBeUndefined();
    expect(localStorage.getItem('foodbridge.session')).toBe('kept');
  });
});

describe('usePickupsSnapshot', () => {
  it('draws the last list and plans at once while the store opens, then the store’s, and keeps that for next time', async () => {
    vi.useFakeTimers();
    writeScreenSnapshot('myPickups', 'u1', { email: EMAIL, items: [item('a')], plans: [['a', plan]] });
    const { result, rerender } = renderHook(({ read, plans }) => usePickupsSnapshot('u1', EMAIL, read, plans), {
      initialProps: { read: reading(), plans: new Map<string, PickupPlan>() },
    });
    expect(result.current.read).toMatchObject({ data: [item('a')], loading: false });
    expect(result.current.plans.get('a')).toEqual(plan);

    const live = [item('a'), item('b')];
    rerender({ read: reading(live), plans: new Map([['b', plan]]) });
    expect(result.current.read.data).toBe(live);
    expect(result.current.plans.get('a')).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(readScreenSnapshot('myPickups', 'u1', any)).toEqual({ email: EMAIL, items: live, plans: [['b', plan]] });
  });

  it('draws nothing of another charity’s snapshot, nor over an error', () => {
    writeScreenSnapshot('myPickups', 'u1', { email: 'old@charity.test', items: [item('a')], plans: [] });
    const other = renderHook(() => usePickupsSnapshot('u1', EMAIL, reading(), new Map()));
    expect(other.result.current.read.data).toBeUndefined();

    writeScreenSnapshot('myPickups', 'u1', { email: EMAIL, items: [item('a')], plans: [] });
    const failed = { ...reading(), error: new Error('offline'), loading: false };
    const withError = renderHook(() => usePickupsSnapshot('u1', EMAIL, failed, new Map()));
    expect(withError.result.current.read).toBe(failed);
  });
});
