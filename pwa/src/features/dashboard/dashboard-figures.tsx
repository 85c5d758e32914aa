import { useEffect, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { I18n } from '@lingui/core';
import type { AdminDashboard, CharityDashboard, RestaurantDashboard } from '@foodbridge/shared/schemas/dashboard';
import { ErrorState } from '@/components/ui/states';
import { useConnectivity } from '@/lib/connectivity-store';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel } from '@/lib/labels';
import { Skeleton } from '@/components/ui/skeleton';
import { BarChart } from './dashboard-chart';
import { OUTCOME_LABELS, OUTCOME_TICKS, formatCount, formatKg, formatWait, monthLabel, monthTick } from './dashboard-format';
import { useDashboard } from './use-dashboard';

/** The figures' number formats in the reader's language, as the charts' and tables' `format`. */
const formatsOf = (i18n: I18n) => ({ kg: (kg: number) => formatKg(i18n, kg), count: (n: number) => formatCount(i18n, n) });

/** One figure with its name and an optional line under it. */
function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-900 tabular-nums">{value}</dd>
      {note && <dd className="mt-1 text-sm text-muted-foreground">{note}</dd>}
    </div>
  );
}

function Stats({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">{children}</dl>;
}

function Charts({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">{children}</div>;
}

function MonthChart({ title, months }: { title: string; months: { month: string; kg: number }[] }) {
  const i18n = useI18n();
  return (
    <BarChart
      title={title}
      labels={months.map((m) => monthLabel(i18n, m.month))}
      ticks={months.map((m, i) => monthTick(i18n, m.month, i))}
      values={months.map((m) => m.kg)}
      labelHeader={i18n._('dashboard.chart.month')}
      valueHeader={i18n._('dashboard.chart.kilograms')}
      format={formatsOf(i18n).kg}
      emptyMessage={i18n._('dashboard.noPickups')}
    />
  );
}

function RestaurantFigures({ data }: { data: RestaurantDashboard }) {
  const i18n = useI18n();
  const format = formatsOf(i18n);
  const donations = data.outcomes.reduce((sum, o) => sum + o.count, 0);
  const picked = data.outcomes.filter((o) => o.outcome.startsWith('picked')).reduce((sum, o) => sum + o.count, 0);
  return (
    <>
      <Stats>
        <Stat label={i18n._('dashboard.restaurant.foodGiven')} value={format.kg(data.totalKg)} note={i18n._('dashboard.restaurant.foodGivenNote')} />
        <Stat label={i18n._('dashboard.restaurant.donations')} value={format.count(donations)} note={i18n._('dashboard.restaurant.donationsNote')} />
        <Stat label={i18n._('dashboard.restaurant.pickups')} value={format.count(picked)} note={i18n._('dashboard.restaurant.pickupsNote')} />
      </Stats>
      <Charts>
        <MonthChart title={i18n._('dashboard.restaurant.kgByMonth')} months={data.kgByMonth} />
        <BarChart
          title={i18n._('dashboard.restaurant.kgByFoodType')}
          labels={data.kgByFoodType.map((f) => foodTypeLabel(i18n, f.foodType))}
          values={data.kgByFoodType.map((f) => f.kg)}
          labelHeader={i18n._('dashboard.chart.foodType')}
          valueHeader={i18n._('dashboard.chart.kilograms')}
          format={format.kg}
          horizontal
          emptyMessage={i18n._('dashboard.noPickups')}
        />
        <BarChart
          title={i18n._('dashboard.restaurant.byOutcome')}
          labels={data.outcomes.map((o) => i18n._(OUTCOME_LABELS[o.outcome]))}
          ticks={data.outcomes.map((o) => i18n._(OUTCOME_TICKS[o.outcome]))}
          values={data.outcomes.map((o) => o.count)}
          labelHeader={i18n._('dashboard.chart.outcome')}
          valueHeader={i18n._('dashboard.chart.donations')}
          format={format.count}
          horizontal
          whole
          emptyMessage={i18n._('dashboard.noDonations')}
        />
      </Charts>
    </>
  );
}

function CharityFigures({ data }: { data: CharityDashboard }) {
  const i18n = useI18n();
  const format = formatsOf(i18n);
  const { onTime, afterBestBefore } = data.pickups;
  return (
    <>
      <Stats>
        <Stat label={i18n._('dashboard.charity.foodCollected')} value={format.kg(data.totalKg)} note={i18n._('dashboard.charity.foodCollectedNote')} />
        <Stat label={i18n._('dashboard.charity.pickups')} value={format.count(onTime + afterBestBefore)} note={i18n._('dashboard.charity.onTimeCount', { count: onTime })} />
        <Stat label={i18n._('dashboard.charity.missed')} value={format.count(data.missedPickups)} note={i18n._('dashboard.charity.missedNote')} />
      </Stats>
      <Charts>
        <MonthChart title={i18n._('dashboard.charity.kgByMonth')} months={data.kgByMonth} />
        <BarChart
          title={i18n._('dashboard.charity.onTimeChart')}
          labels={[i18n._('dashboard.charity.onTime'), i18n._('dashboard.charity.afterBestBefore')]}
          values={[onTime, afterBestBefore]}
          labelHeader={i18n._('dashboard.charity.pickups')}
          valueHeader={i18n._('dashboard.chart.count')}
          format={format.count}
          whole
          emptyMessage={i18n._('dashboard.noPickups')}
        />
        {data.byMember.length > 0 && (
          // Each member's pickups (issue 46): a coordinator sees the team's, a driver their own.
          <BarChart
            title={i18n._('dashboard.charity.byMember')}
            labels={data.byMember.map((m) => m.name)}
            values={data.byMember.map((m) => m.totalKg)}
            labelHeader={i18n._('dashboard.charity.member')}
            valueHeader={i18n._('dashboard.admin.kgCollected')}
            format={format.kg}
            horizontal
            emptyMessage={i18n._('dashboard.noPickups')}
          />
        )}
      </Charts>
    </>
  );
}

function AdminFigures({ data }: { data: AdminDashboard }) {
  const i18n = useI18n();
  const format = formatsOf(i18n);
  const { totals, waitingVerification: waiting } = data;
  return (
    <>
      <Stats>
        <Stat label={i18n._('dashboard.admin.foodRescued')} value={format.kg(totals.kgRescued)} note={i18n._('dashboard.admin.fromRestaurants', { count: totals.restaurants })} />
        <Stat label={i18n._('dashboard.admin.meals')} value={format.count(totals.meals)} note={i18n._('dashboard.admin.throughCharities', { count: totals.charities })} />
        <Stat label={i18n._('dashboard.admin.co2e')} value={format.kg(totals.co2eKg)} note={i18n._('dashboard.admin.co2eNote')} />
      </Stats>
      <section aria-labelledby="waiting-verification" className="rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm">
        <h2 id="waiting-verification" className="text-lg font-semibold text-stone-900">
          {i18n._('dashboard.admin.waiting')}
        </h2>
        {waiting.count === 0 ? (
          <p className="mt-2 text-muted-foreground">{i18n._('dashboard.admin.noneWaiting')}</p>
        ) : (
          <>
            <dl className="mt-2 grid grid-cols-1 gap-2 min-[480px]:grid-cols-3">
              <div>
                <dt className="text-sm text-muted-foreground">{i18n._('dashboard.admin.waitingDonations')}</dt>
                <dd className="text-xl font-bold tabular-nums">{format.count(waiting.count)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{i18n._('dashboard.admin.oldestWait')}</dt>
                <dd className="text-xl font-bold tabular-nums">{formatWait(i18n, waiting.oldestWaitSeconds)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{i18n._('dashboard.admin.medianWait')}</dt>
                <dd className="text-xl font-bold tabular-nums">{formatWait(i18n, waiting.medianWaitSeconds)}</dd>
              </div>
            </dl>
            <Link to="/dashBoard/manageDonations" className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
              {i18n._('dashboard.admin.reviewDonations')}{' '}
              <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                →
              </span>
            </Link>
          </>
        )}
      </section>
      <Charts>
        <BarChart
          title={i18n._('dashboard.admin.busiestRestaurants')}
          labels={data.topRestaurants.map((r) => r.name)}
          values={data.topRestaurants.map((r) => r.kg)}
          labelHeader={i18n._('dashboard.admin.restaurant')}
          valueHeader={i18n._('dashboard.admin.kgGiven')}
          format={format.kg}
          horizontal
          emptyMessage={i18n._('dashboard.noPickups')}
        />
        <BarChart
          title={i18n._('dashboard.admin.busiestCharities')}
          labels={data.topCharities.map((r) => r.name)}
          values={data.topCharities.map((r) => r.kg)}
          labelHeader={i18n._('dashboard.admin.charity')}
          valueHeader={i18n._('dashboard.admin.kgCollected')}
          format={format.kg}
          horizontal
          emptyMessage={i18n._('dashboard.noPickups')}
        />
        {data.mostMissed.length > 0 && (
          <BarChart
            title={i18n._('dashboard.admin.mostMissed')}
            labels={data.mostMissed.map((c) => c.name)}
            values={data.mostMissed.map((c) => c.count)}
            labelHeader={i18n._('dashboard.admin.charity')}
            valueHeader={i18n._('dashboard.admin.missed')}
            format={format.count}
            whole
            horizontal
            emptyMessage={i18n._('dashboard.noPickups')}
          />
        )}
      </Charts>
    </>
  );
}

function FiguresSkeleton() {
  const i18n = useI18n();
  return (
    <div role="status" aria-busy="true" aria-label={i18n._('dashboard.loading')} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/** The figures of a restaurant's, charity's or admin's dashboard, through their read's loading and error states. */
export function DashboardFigures() {
  const i18n = useI18n();
  const { data, error, loading, reload } = useDashboard(true);
  const online = useConnectivity((s) => s.online);
  // The offline notice promises that the read starts again by itself once the network is back.
  useEffect(() => {
    if (online && error) reload();
    // Only the return of the network triggers it, not each new error (Try again is there for those).
  }, [online]);
  if (loading && !data) return <FiguresSkeleton />;
  if (error && !data) return <ErrorState message={i18n._('dashboard.loadFailed')} onRetry={reload} error={error} />;
  if (!data) return null;
  return (
    <div className="space-y-4" data-dashboard={data.role}>
      {data.role === 'restaurant' && <RestaurantFigures data={data} />}
      {data.role === 'charity' && <CharityFigures data={data} />}
      {data.role === 'admin' && <AdminFigures data={data} />}
    </div>
  );
}
