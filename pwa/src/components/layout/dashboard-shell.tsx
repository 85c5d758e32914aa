import { useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { LogOut, PanelLeft, X } from 'lucide-react';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { Button } from '@/components/ui/button';
import { useModalPanel } from '@/components/ui/return-focus';
import { logOut } from '@/lib/auth/log-out';
import { useSession } from '@/lib/auth/session-store';
import { useUnreadMessages } from '@/lib/db/conversations';
import { useI18n } from '@/lib/i18n/i18n';
import { roleLabel } from '@/lib/labels';
import { Logo } from './logo';
import { activeItemFor, menuFor } from './dashboard-menu';
import { AccountCard } from './navbar';

const itemClass =
  'group flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-brand-50 hover:text-brand-900 data-[section=active]:bg-brand-800 data-[section=active]:text-white';

/**
 * The dashboard's frame: a side menu by role (a drawer on phones) and the routed screen. `accessory` sits beside the
 * side menu's title on wide screens and beside the profile picture on phones (the routes give the notification bell).
 */
export function DashboardShell({ children, accessory }: { children: ReactNode; accessory?: ReactNode }) {
  const i18n = useI18n();
  const role = useSession((s) => s.role);
  const user = useSession((s) => s.user);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = activeItemFor(role, pathname);
  const [open, setOpen] = useState(false);
  const drawer = useModalPanel<HTMLDivElement>(open, () => setOpen(false));
  const menu = (
    <nav aria-label={i18n._('menu.navLabel')} className="flex flex-col gap-1">
      {menuFor(role).map((item) => (
        <Link
          key={item.to}
          to={item.to}
          activeOptions={{ exact: true }}
          // The section, not only the exact page: Update's /edit-donation/{id} highlights My Donations.
          data-section={item.to === active ? 'active' : undefined}
          aria-current={item.to === active ? (item.to === pathname ? 'page' : 'true') : undefined}
          className={itemClass}
          onClick={() => setOpen(false)}
        >
          {item.messages ? <WithUnreadMessages name={i18n._(item.label)} /> : i18n._(item.label)}
        </Link>
      ))}
      <hr className="my-2 border-border" />
      <Link to="/" className={itemClass}>
        {i18n._('menu.backToSite')}
      </Link>
      <button type="button" onClick={() => void logOut()} className={`${itemClass} gap-2 text-start`}>
        <LogOut className="size-4 rtl:-scale-x-100" /> {i18n._('menu.logOut')}
      </button>
    </nav>
  );
  return (
    // The grid's first column is the side menu: on the left, and on the right in a right-to-left language (the grid
    // follows the page's direction).
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[260px_minmax(0,1fr)]">
      <aside className="hidden border-e border-border bg-white p-4 lg:block">
        <div className="mb-6 px-2">
          <Logo />
        </div>
        {/* Beside the role's title: the logo leaves no room for it at the side menu's width. */}
        <div className="mb-2 flex items-center justify-between gap-2 ps-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{i18n._('menu.roleDashboard', { role: roleLabel(i18n, role) })}</p>
          {accessory}
        </div>
        {menu}
      </aside>
      <div className="flex min-w-0 flex-col">
        {/* Laid out as the public navbar on phones: the menu toggle before the logo, the profile picture at the end. */}
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-border bg-white px-4 lg:hidden">
          <div className="flex min-w-0 items-center gap-1">
            <Button variant="ghost" size="icon" className="relative" aria-expanded={open} onClick={() => setOpen(true)}>
              <PanelLeft aria-hidden className="size-6 rtl:-scale-x-100" />
              {menuFor(role).some((item) => item.messages) ? <MenuButtonName /> : <span className="sr-only">{i18n._('menu.open')}</span>}
            </Button>
            <Logo />
          </div>
          {user && (
            <div className="flex items-center gap-1">
              {accessory}
              <AccountCard user={user} />
            </div>
          )}
        </header>
        {open && (
          <div ref={drawer} className="fixed inset-0 z-50 lg:hidden" role="dialog" aria-modal="true" aria-label={i18n._('menu.drawerLabel')}>
            <button type="button" tabIndex={-1} className="absolute inset-0 bg-stone-950/50" aria-label={i18n._('menu.close')} onClick={() => setOpen(false)} />
            {/* Slides in from the start side: the left, the right in a right-to-left language. */}
            <div className="absolute inset-y-0 start-0 w-72 overflow-y-auto bg-white p-4 shadow-xl">
              <div className="mb-4 flex items-center justify-between">
                <Logo />
                <Button variant="ghost" size="icon" aria-label={i18n._('menu.close')} onClick={() => setOpen(false)}>
                  <X className="size-5" />
                </Button>
              </div>
              {menu}
            </div>
          </div>
        )}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

// The unread messages are read only where the role has a menu item for its conversations, and by these small parts
// alone: a new message re-renders a badge, not the dashboard.

/** A menu item's name with the unread messages of its conversations: a badge to see, the count in its name. */
function WithUnreadMessages({ name }: { name: string }) {
  const i18n = useI18n();
  const { total } = useUnreadMessages();
  if (total === 0) return name;
  return (
    <>
      <span aria-hidden>{name}</span>
      <UnreadBadge unread={total} className="ms-auto bg-accent-500 text-stone-950 group-data-[section=active]:bg-white group-data-[section=active]:text-brand-900" />
      <span className="sr-only">{i18n._('menu.withUnreadMessages', { item: name, count: total })}</span>
    </>
  );
}

/** The phone's menu button: a dot while messages wait unread behind it, and their count in its name. */
function MenuButtonName() {
  const i18n = useI18n();
  const { total } = useUnreadMessages();
  return (
    <>
      <span className="sr-only">{total > 0 ? i18n._('menu.openUnread', { count: total }) : i18n._('menu.open')}</span>
      {total > 0 && <span aria-hidden className="absolute end-2 top-2 size-2.5 rounded-full bg-accent-500 ring-2 ring-white" data-testid="menu-unread-dot" />}
    </>
  );
}
