import { Link } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session-store';
import { menuFor } from '@/components/layout/dashboard-menu';
import { PageHeader } from '@/components/ui/states';
import { DashboardFigures } from './dashboard-figures';

const greetings = {
  user: 'Browse donations, keep favourites, and apply to become a charity partner.',
  restaurant: 'List surplus food, follow its verification, and choose which charity picks it up.',
  charity: 'Request verified donations, track your pickups and confirm them at the door.',
  admin: 'Verify donations, manage users and roles, and keep the platform healthy.',
} as const;

/**
 * Dashboard home: a welcome per role (the route lets in only the four known roles; any other gets Access Denied),
 * then the role's own figures (issue 12; a plain user has none), then quick links.
 */
export function DashboardHome() {
  const { user, role } = useSession();
  const items = menuFor(role).slice(1, 5);
  return (
    <section className="space-y-6">
      <PageHeader title={`Welcome, ${user?.name || 'User'}`} description={greetings[role]} />
      {role !== 'user' && <DashboardFigures />}
      <nav aria-label="Quick links" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {items.map((item) => (
          <Link key={item.to} to={item.to} className="rounded-[var(--radius-card)] border border-border bg-white p-5 font-semibold text-brand-900 shadow-sm hover:border-brand-500">
            {item.label} →
          </Link>
        ))}
      </nav>
    </section>
  );
}
