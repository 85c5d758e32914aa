import { AlertTriangle, CloudOff, RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/session-store';
import { useConnectivity } from '@/lib/connectivity-store';
import { useLocalStoreStarted } from '@/lib/db/hooks';
import { useSyncStore } from '@/lib/db/sync-store';
import { cn } from '@/lib/utils';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * The field screens' one-line sync report: online or offline, pickups still waiting to reach the server, and when
 * this device last caught up with it. Shown to signed-in users only (visitors have no local store).
 */
export function SyncStatus({ className }: { className?: string }) {
  useLocalStoreStarted();
  const signedIn = useSession((s) => Boolean(s.user));
  const online = useConnectivity((s) => s.online);
  const pending = useSyncStore((s) => s.pendingPickups);
  const lastSyncedAt = useSyncStore((s) => s.lastSyncedAt);
  const lastError = useSyncStore((s) => s.lastError);
  if (!signedIn) return null;

  return (
    <div
      role="status"
      aria-label="Sync status"
      data-testid="sync-status"
      className={cn(
        'mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border px-3 py-2 text-sm',
        online ? 'border-border bg-white text-stone-700' : 'border-amber-200 bg-amber-50 text-stone-800',
        className,
      )}
    >
      <span className="inline-flex items-center gap-1.5 font-medium text-stone-900">
        <span aria-hidden className={cn('size-2.5 rounded-full', online ? 'bg-brand-600' : 'bg-stone-400')} />
        {online ? 'Online' : 'Offline'}
      </span>
      {pending > 0 && (
        <span className="inline-flex items-center gap-1.5 font-medium text-amber-900">
          <RefreshCw aria-hidden className="size-3.5" />
          {pending} {pending === 1 ? 'pickup' : 'pickups'} waiting to sync
        </span>
      )}
      <span>{lastSyncedAt ? `Last synced ${timeFormat.format(lastSyncedAt)}` : 'Not synced yet'}</span>
      {online && lastError && (
        <span className="inline-flex min-w-0 items-center gap-1.5 text-red-800" title={lastError}>
          <CloudOff aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">Sync problem: {lastError}</span>
        </span>
      )}
    </div>
  );
}

/** For screens that need the server: said plainly instead of a generic failure when the device is offline. */
export function OfflineNotice({ className }: { className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-center gap-3 rounded-[var(--radius-card)] border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-stone-900',
        className,
      )}
    >
      <WifiOff aria-hidden className="size-5 shrink-0 text-amber-800" />
      You are offline - this screen needs a connection.
    </div>
  );
}

/** A failed call that never reached the server (ApiError status 0), as opposed to one the server refused. */
export function isOfflineError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 0;
}

/** A pickup confirmed on this device that has not reached the server yet. */
export function WaitingToSync({ className }: { className?: string }) {
  return (
    <p
      data-testid="waiting-to-sync"
      className={cn(
        'flex min-h-11 items-center justify-center gap-2 rounded-lg bg-amber-50 px-3 text-sm font-semibold text-amber-900 sm:min-h-10',
        className,
      )}
    >
      <RefreshCw className="size-4" aria-hidden /> Waiting to sync
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
  return (
    <div
      role="alert"
      data-testid="pickup-refusal"
      className={cn('flex flex-col gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center', className)}
    >
      <AlertTriangle aria-hidden className="size-5 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-red-900">Pickup not confirmed: {title}</p>
        <p className="break-words text-red-900">{reason}</p>
      </div>
      <Button variant="outline" onClick={onDismiss} className="shrink-0">
        Dismiss
      </Button>
    </div>
  );
}
