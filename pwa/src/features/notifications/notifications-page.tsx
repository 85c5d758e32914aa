import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Notification } from '@foodbridge/shared/schemas/notification';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { useLocalNotifications } from '@/lib/db/hooks';
import { useConnectivity } from '@/lib/connectivity-store';
import { errorMessage, notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { cn } from '@/lib/utils';
import { markAllRead, markRead } from './actions';
import { timeAgo, unreadCount } from './notification-list';

const OFFLINE_READ = 'Marking as read needs a connection. Your notifications stay readable here meanwhile.';

/**
 * The person's notifications, newest first: read from the device (so they open offline) and live through replication;
 * from the server only when this browser has no local store.
 */
export function NotificationsPage() {
  const local = useLocalNotifications();
  const remote = useApi<Notification[]>(local.unavailable ? '/notifications' : null);
  const list = local.unavailable ? remote.data : local.data;
  const loading = local.unavailable ? remote.loading : local.loading;
  const online = useConnectivity((s) => s.online);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const unread = list ? unreadCount(list) : 0;

  const open = (n: Notification) => {
    // Opening it is reading it; offline it opens all the same and stays unread until the next try.
    if (!n.read && online) {
      void markRead(n._id)
        .then(() => remote.setData((l) => l?.map((x) => (x._id === n._id ? { ...x, read: true } : x))))
        .catch(() => undefined);
    }
    void navigate({ to: n.link });
  };

  const readAll = async () => {
    if (!online) return notify.warning('You are offline', OFFLINE_READ);
    setBusy(true);
    try {
      await markAllRead();
      remote.setData((l) => l?.map((x) => ({ ...x, read: true })));
    } catch (err) {
      notify.error('Could not mark as read', errorMessage(err, OFFLINE_READ));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <PageHeader title="Notifications" description={list ? (unread ? `${unread} unread` : 'All read') : undefined}>
        <Button variant="outline" onClick={() => void readAll()} disabled={busy || unread === 0}>
          Mark all as read
        </Button>
      </PageHeader>
      {loading && !list ? (
        <TableSkeleton rows={4} />
      ) : remote.error && !list ? (
        <ErrorState message="Could not load your notifications." error={remote.error} onRetry={remote.reload} />
      ) : !list || list.length === 0 ? (
        <EmptyState message="No notifications yet. You will be told here when something needs you." />
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-[var(--radius-card)] border border-border bg-white" aria-label="Notifications, newest first">
          {list.map((n) => (
            <li key={n._id}>
              <button
                type="button"
                onClick={() => open(n)}
                className={cn('flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted', !n.read && 'bg-brand-50')}
              >
                <span aria-hidden className={cn('mt-2 size-2.5 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-brand-700')} />
                <span className="min-w-0 flex-1">
                  <span className={cn('block text-sm [overflow-wrap:anywhere]', n.read ? 'font-medium text-stone-700' : 'font-bold text-stone-900')}>
                    {n.title}
                    {!n.read && <span className="sr-only"> (unread)</span>}
                  </span>
                  <span className="block text-sm text-stone-700 [overflow-wrap:anywhere]">{n.body}</span>
                  <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString('en-GB')} className="block text-xs text-muted-foreground">
                    {timeAgo(n.createdAt)}
                  </time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
