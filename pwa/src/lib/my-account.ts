// The signed-in account as its profile screens read it (GET /users/me). Kept apart from use-api.ts, which the
// signed-out home page loads: only the profile screens pay for this (pwa/BUDGET.md).
import { useEffect } from 'react';
import type { User } from '@foodbridge/shared/schemas/user';
import { apiPath } from './api-client';
import { useApi } from './use-api';

export const myAccountPath = apiPath('GET /users/me');

const readers = new Set<(user: User) => void>();

/** GET /users/me, and whatever a write on the same screen answers with later (publishMyAccount). */
export function useMyAccount() {
  const state = useApi(myAccountPath);
  const { setData } = state;
  useEffect(() => {
    readers.add(setData);
    return () => void readers.delete(setData);
  }, [setData]);
  return state;
}

/**
 * Hands every mounted reader the account a write answered with (PATCH /users/me answers the new profile), so the
 * profile card above a form follows at once, without reading it again.
 */
export function publishMyAccount(user: User): void {
  for (const take of readers) take(user);
}
