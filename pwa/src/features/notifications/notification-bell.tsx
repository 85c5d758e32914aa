// Loaded only once someone is signed in (the navbar imports it lazily): the signed-out home page's budget has no
// room for it, and a visitor has nothing to be told.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import type { Notification } from '@foodbridge/shared/schemas/notification';
import { useLocalNotifications } from '@/lib/db/hooks';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { ANNOUNCE_AT_ONCE, ANNOUNCE_GRACE_MS, badgeText, bellLabel, toAnnounce, unreadCount } from './notification-list';

/**
 * Shows a toast for each notification made while the app is open (not for those it finds on the device or brings
 * with its first pull; a burst becomes one toast that leads to the list). The dashboard mounts a bell for phones
 * and one for wide screens: the toasts' ids make the two announce each once.
 */
function useAnnouncements(list: Notification[] | undefined) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const seen = useRef(new Set<string>());
  const [since] = useState(() => Date.now() - ANNOUNCE_GRACE_MS);
  useEffect(() => {
    if (!list) return;
    const fresh = toAnnounce(list, seen.current, since);
    // Nobody is looking at a hidden tab: the badge and the list keep it, and a phone is told by push.
    if (document.visibilityState === 'hidden') return;
    if (fresh.length > ANNOUNCE_AT_ONCE) {
      const open = { label: i18n._('notifications.view'), onClick: () => void navigate({ to: '/dashBoard/notifications' }) };
      notify.infoWithAction(i18n._('notifications.newCount', { count: fresh.length }), fresh.at(-1)!.title, open, `notifications-${fresh.at(-1)!._id}`);
      return;
    }
    for (const n of fresh) {
      notify.infoWithAction(n.title, n.body, { label: i18n._('notifications.view'), onClick: () => void navigate({ to: n.link }) }, `notification-${n._id}`);
    }
  }, [list, navigate, since, i18n]);
}

export default function NotificationBell() {
  const i18n = useI18n();
  const { data } = useLocalNotifications();
  useAnnouncements(data);
  const unread = data ? unreadCount(data) : 0;
  return (
    <Link
      to="/dashBoard/notifications"
      aria-label={bellLabel(i18n, unread)}
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-foreground transition-colors hover:bg-muted sm:size-10"
      data-testid="notification-bell"
    >
      <Bell className="size-6" aria-hidden />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notification-count"
          className="absolute end-0.5 top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {badgeText(i18n, unread)}
        </span>
      )}
    </Link>
  );
}
