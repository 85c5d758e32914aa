import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { User } from '@foodbridge/shared/schemas/user';
import { stubPendingFetch, type PendingRequest } from '@/testing/pending-fetch';
import { publishMyAccount, useMyAccount } from './my-account';
import { useApi } from './use-api';

let pending: PendingRequest[];
beforeEach(() => {
  pending = stubPendingFetch();
});
afterEach(() => vi.unstubAllGlobals());

const requested = (count: number) => waitFor(() => expect(pending).toHaveLength(count));
const account = (name: string) => ({ _id: 'u1', name, email: 'dana@example.test', role: 'user' }) as User;

describe('useMyAccount', () => {
  it("hands a write's answer to every mounted reader of the account, and to no other read", async () => {
    const card = renderHook(() => useMyAccount());
    const form = renderHook(() => useMyAccount());
    const other = renderHook(() => useApi<{ name: string }>('/users/other'));
    await requested(3);
    await act(async () => {
      pending[0]!.answer(200, account('Dana'));
      pending[1]!.answer(200, account('Dana'));
      pending[2]!.answer(200, { name: 'Ann' });
    });

    act(() => publishMyAccount(account('Dana Rivera')));
    expect(card.result.current.data?.name).toBe('Dana Rivera');
    expect(form.result.current.data?.name).toBe('Dana Rivera');
    expect(other.result.current.data).toEqual({ name: 'Ann' });
    expect(pending).toHaveLength(3);

    card.unmount();
    form.unmount();
    // Nobody reads it any more: nothing to hand over, and nothing fails.
    act(() => publishMyAccount(account('Later')));
  });
});
