import { useCallback, useRef } from 'react';
import { AlertTriangle, CloudOff, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConnectionNotice } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { isUnreachableError, useConnectivity } from '@/lib/connectivity-store';
import { useLocalStoreStarted } from '@/lib/db/hooks';
import { useSyncStore } from '@/lib/db/sync-store';
import { useI18n } from '@/lib/i18n/i18n';
import { useServerReachWatch } from '@/lib/server-reach';
import { cn } from '@/lib/utils';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
// The live stream moves 'Last synced' on every 30 s; three missed ticks mean it stopped, so the server is asked.
const STALE_AFTER_MS = 90_000;

/**
 * The field screens' one-line sync report, shown to signed-in users only (visitors have no local store). It says
 * one true thing first: offline, online but FoodBridge not answering, a sync problem, or online; then the pickups
 * still waiting, and when this device last caught up. Never 'Online' beside a problem.
 */
export function SyncStatus({ className }: { className?: string }) {
  const i18n = useI18n();
  useLocalStoreStarted();
  const signedIn = useSession((s) => Boolean(s.user));
  const online = useConnectivity((s) => s.online);
  const reachable = useConnectivity((s) => s.reachable);
  const pending = useSyncStore((s) => s.pendingPickups);
  const lastSyncedAt = useSyncStore((s) => s.lastSyncedAt);
  const lastError = useSyncStore((s) => s.lastError);
  // Asked once per stop of the sync (a server that answers but a stream that does not move is not asked again).
  const askedForSyncAt = useRef<number | null>(null);
  const stale = useCallback(() => {
    const at = useSyncStore.getState().lastSyncedAt;
    if (at === null || Date.now() - at <= STALE_AFTER_MS || askedForSyncAt.current === at) return false;
    askedForSyncAt.current = at;
    return true;
  }, []);
  // Online with a pickup still waiting or a sync error: the first question is whether the server answers at all.
  useServerReachWatch(signedIn && (pending > 0 || Boolean(lastError)), stale);
  if (!signedIn) return null;

  const unreachable = online && !reachable;
  const problem = online && reachable && lastError;
  const calm = online && reachable && !lastError;

  return (
    <div
      role="status"
      aria-label={i18n._('sync.label')}
      data-testid="sync-status"
      className={cn(
        'mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border px-3 py-2 text-sm',
        calm ? 'border-border bg-white text-stone-700' : problem ? 'border-red-200 bg-red-50 text-stone-800' : 'border-amber-200 bg-amber-50 text-stone-800',
        className,
      )}
    >
      {unreachable ? (
        <span className="inline-flex min-w-0 items-start gap-1.5 font-medium text-amber-900">
          <CloudOff aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span>
            {pending > 0 ? i18n._('sync.unreachableWaiting', { count: pending }) : i18n._('sync.unreachable')}
          </span>
        </span>
      ) : problem ? (
        <span className="inline-flex min-w-0 items-center gap-1.5 font-medium text-red-800" title={lastError}>
          <CloudOff aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{i18n._('sync.problem', { error: lastError })}</span>
        </span>
      ) : (
        <span className="inline-flex items-center gap-1.5 font-medium text-stone-900">
          <span aria-hidden className={cn('size-2.5 rounded-full', online ? 'bg-brand-600' : 'bg-stone-400')} />
          {online ? i18n._('sync.online') : i18n._('sync.offline')}
        </span>
      )}
      {pending > 0 && !unreachable && (
        <span className="inline-flex items-center gap-1.5 font-medium text-amber-900">
          <RefreshCw aria-hidden className="size-3.5" />
          {i18n._('sync.pendingPickups', { count: pending })}
        </span>
      )}
      <span>{lastSyncedAt ? i18n._('sync.lastSynced', { time: i18n.date(new Date(lastSyncedAt), TIME) }) : i18n._('sync.notYet')}</span>
    </div>
  );
}

/** For screens that need the server (the notice lives with the other list states). */
export const OfflineNotice = ConnectionNotice;

/** A failed call that never reached the server (no answer, or a gateway's 502/503/504), as opposed to a refusal. */
export const isOfflineError = isUnreachableError;

/** A pickup confirmed on this device that has not reached the server yet. */
export function WaitingToSync({ className }: { className?: string }) {
  const i18n = useI18n();
  return (
    <p
      data-testid="waiting-to-sync"
      className={cn(
        'flex min-h-11 items-center justify-center gap-2 rounded-lg bg-amber-50 px-3 text-sm font-semibold text-amber-900 sm:min-h-10',
        className,
      )}
    >
      <RefreshCw className="size-4" aria-hidden /> {i18n._('sync.waiting')}
    </p>
  );
}

/**
 * A queued pickup the server refused (reassigned, withdrawn, confirmed by someone else): kept in view with the
 * server's reason until the driver dismisses it, so no confirmation is ever lost without a word.
 */
export function PickupRefusal({
  title,
  reason,
  onDismiss,
  className,
}: {
  title: string;
  reason: string;
  onDismiss: () => void;
  className?: string;
}) {
  const i18n = useI18n();
  return (
    <div
      role="alert"
      data-testid="pickup-refusal"
      className={cn('flex flex-col gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center', className)}
    >
      <AlertTriangle aria-hidden className="size-5 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-red-900">{i18n._('sync.pickupRefused', { title })}</p>
        <p className="break-words text-red-900">{reason}</p>
      </div>
      <Button variant="outline" onClick={onDismiss} className="shrink-0">
        {i18n._('common.dismiss')}
      </Button>
    </div>
  );
}
