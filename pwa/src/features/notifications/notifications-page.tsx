import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Notification } from '@foodbridge/shared/schemas/notification';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { useLocalNotifications } from '@/lib/db/hooks';
import { useConnectivity } from '@/lib/connectivity-store';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { apiPath } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import { cn } from '@/lib/utils';
import { markAllRead, markRead } from './actions';
import { timeAgo, unreadCount } from './notification-list';

// What toLocaleString gives: 25/11/2026, 18:12:00 in English.
const FULL_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' };

/**
 * The person's notifications, newest first: read from the device (so they open offline) and live through replication;
 * from the server only when this browser has no local store.
 */
export function NotificationsPage() {
  const i18n = useI18n();
  const local = useLocalNotifications();
  const remote = useApi(local.unavailable ? apiPath('GET /notifications') : null);
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
    if (!online) return notify.warning(i18n._('notifications.offline'), i18n._('notifications.offlineRead'));
    setBusy(true);
    try {
      await markAllRead();
      remote.setData((l) => l?.map((x) => ({ ...x, read: true })));
    } catch (err) {
      notify.error(i18n._('notifications.markFailed'), errorMessage(err, i18n._('notifications.offlineRead')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={i18n._('notifications.title')}
        description={list ? (unread ? i18n._('notifications.unreadCount', { count: unread }) : i18n._('notifications.allRead')) : undefined}
      >
        <Button variant="outline" onClick={() => void readAll()} disabled={busy || unread === 0}>
          {i18n._('notifications.markAllRead')}
        </Button>
      </PageHeader>
      {loading && !list ? (
        <TableSkeleton rows={4} />
      ) : remote.error && !list ? (
        <ErrorState message={i18n._('notifications.failed')} error={remote.error} onRetry={remote.reload} />
      ) : !list || list.length === 0 ? (
        <EmptyState message={i18n._('notifications.empty')} />
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-[var(--radius-card)] border border-border bg-white" aria-label={i18n._('notifications.listLabel')}>
          {list.map((n) => (
            <li key={n._id}>
              <button
                type="button"
                onClick={() => open(n)}
                className={cn('flex w-full items-start gap-3 px-4 py-3 text-start transition-colors hover:bg-muted', !n.read && 'bg-brand-50')}
              >
                <span aria-hidden className={cn('mt-2 size-2.5 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-brand-700')} />
                <span className="min-w-0 flex-1">
                  <span className={cn('block text-sm [overflow-wrap:anywhere]', n.read ? 'font-medium text-stone-700' : 'font-bold text-stone-900')}>
                    {n.title}
                    {!n.read && <span className="sr-only"> {i18n._('notifications.unread')}</span>}
                  </span>
                  <span className="block text-sm text-stone-700 [overflow-wrap:anywhere]">{n.body}</span>
                  <time dateTime={n.createdAt} title={i18n.date(new Date(n.createdAt), FULL_TIME)} className="block text-xs text-muted-foreground">
                    {timeAgo(i18n, n.createdAt)}
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
