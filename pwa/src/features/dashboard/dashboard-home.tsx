import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { menuFor } from '@/components/layout/dashboard-menu';
import { PageHeader } from '@/components/ui/states';
import { DashboardFigures } from './dashboard-figures';

const greetings = {
  user: /*i18n*/ 'dashboard.greeting.user',
  restaurant: /*i18n*/ 'dashboard.greeting.restaurant',
  charity: /*i18n*/ 'dashboard.greeting.charity',
  admin: /*i18n*/ 'dashboard.greeting.admin',
} as const;

/**
 * Dashboard home: a welcome per role (the route lets in only the four known roles; any other gets Access Denied),
 * then the role's own figures (issue 12; a plain user has none), then quick links.
 */
export function DashboardHome({ prompt }: { prompt?: ReactNode }) {
  const i18n = useI18n();
  const { user, role } = useSession();
  const items = menuFor(role).slice(1, 5);
  return (
    <section className="space-y-6">
      <PageHeader title={i18n._('dashboard.welcome', { name: user?.name || i18n._('dashboard.welcomeNoName') })} description={i18n._(greetings[role])} />
      {/* A role's first step, when it has one (a charity's alerts): above the figures, where it is seen. */}
      {prompt}
      {role !== 'user' && <DashboardFigures />}
      <nav aria-label={i18n._('dashboard.quickLinks')} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {items.map((item) => (
          <Link key={item.to} to={item.to} className="rounded-[var(--radius-card)] border border-border bg-white p-5 font-semibold text-brand-900 shadow-sm hover:border-brand-500">
            {i18n._(item.label)}{' '}
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              →
            </span>
          </Link>
        ))}
      </nav>
    </section>
  );
}
