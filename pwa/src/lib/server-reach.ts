// Whether FoodBridge answers, asked only when something suggests it does not: a pickup still waiting while the
// device is online, a sync error, a sync that stopped moving, or a read that got no answer. Not on the home page
// (the signed-out page has no status line), so none of this weighs on its budget.
import { useEffect } from 'react';
import { call } from './api-client';
import { isOnline, isUnreachableError, noteServerReach, useConnectivity } from './connectivity-store';

/** How often to ask again while the server does not answer; the outbox and the sync retry on their own timers. */
export const RECHECK_MS = 10_000;
// A café's wifi can hold a request for minutes: past this, no answer counts as none.
const PROBE_TIMEOUT_MS = 8_000;

let inFlight: Promise<boolean> | null = null;

/**
 * Asks the server's liveness endpoint once (concurrent callers share the answer) and records the result. Any answer
 * of the app's own counts as reachable; none, a timeout or a gateway's 502/503/504 as not.
 */
export function checkServer(): Promise<boolean> {
  if (!isOnline()) return Promise.resolve(false);
  inFlight ??= call('GET /healthz', { anonymous: true, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    .then(
      () => true,
      (err: unknown) => !isUnreachableError(err),
    )
    .then((reachable) => {
      noteServerReach(reachable);
      return reachable;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * While mounted and online: checks the server once whenever `suspect` turns true, and every RECHECK_MS for as long
 * as it is known unreachable (so the status line clears by itself when the server comes back). `stale` is asked on
 * each tick, for doubts that come from time passing (a sync that stopped moving).
 */
export function useServerReachWatch(suspect: boolean, stale?: () => boolean) {
  const online = useConnectivity((s) => s.online);
  const reachable = useConnectivity((s) => s.reachable);

  useEffect(() => {
    if (online && suspect && reachable) void checkServer();
  }, [online, suspect, reachable]);

  useEffect(() => {
    if (!online) return;
    const timer = setInterval(() => {
      if (!useConnectivity.getState().reachable || stale?.()) void checkServer();
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [online, stale]);
}
