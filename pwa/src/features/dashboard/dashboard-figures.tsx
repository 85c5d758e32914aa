import { useEffect, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { AdminDashboard, CharityDashboard, RestaurantDashboard } from '@foodbridge/shared/schemas/dashboard';
import { ErrorState } from '@/components/ui/states';
import { useConnectivity } from '@/lib/connectivity-store';
import { Skeleton } from '@/components/ui/skeleton';
import { BarChart } from './dashboard-chart';
import { OUTCOME_LABELS, OUTCOME_TICKS, countOfNoun, formatCount, formatKg, formatWait, monthLabel, monthTick } from './dashboard-format';
import { useDashboard } from './use-dashboard';

const NO_PICKUPS = 'No pickups recorded yet.';
const countOf = (n: number) => formatCount(n);

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
  return (
    <BarChart
      title={title}
      labels={months.map((m) => monthLabel(m.month))}
      ticks={months.map((m, i) => monthTick(m.month, i))}
      values={months.map((m) => m.kg)}
      labelHeader="Month"
      valueHeader="Kilograms"
      format={formatKg}
      emptyMessage={NO_PICKUPS}
    />
  );
}

function RestaurantFigures({ data }: { data: RestaurantDashboard }) {
  const donations = data.outcomes.reduce((sum, o) => sum + o.count, 0);
  const picked = data.outcomes.filter((o) => o.outcome.startsWith('picked')).reduce((sum, o) => sum + o.count, 0);
  return (
    <>
      <Stats>
        <Stat label="Food given" value={formatKg(data.totalKg)} note="picked up by charities" />
        <Stat label="Donations" value={countOf(donations)} note="posted, in every state" />
        <Stat label="Pickups" value={countOf(picked)} note="confirmed by a charity" />
      </Stats>
      <Charts>
        <MonthChart title="Kilograms given per month" months={data.kgByMonth} />
        <BarChart
          title="Kilograms given by food type"
          labels={data.kgByFoodType.map((f) => f.foodType)}
          values={data.kgByFoodType.map((f) => f.kg)}
          labelHeader="Food type"
          valueHeader="Kilograms"
          format={formatKg}
          horizontal
          emptyMessage={NO_PICKUPS}
        />
        <BarChart
          title="Your donations by outcome"
          labels={data.outcomes.map((o) => OUTCOME_LABELS[o.outcome])}
          ticks={data.outcomes.map((o) => OUTCOME_TICKS[o.outcome])}
          values={data.outcomes.map((o) => o.count)}
          labelHeader="Outcome"
          valueHeader="Donations"
          format={countOf}
          horizontal
          whole
          emptyMessage="No donations yet."
        />
      </Charts>
    </>
  );
}

function CharityFigures({ data }: { data: CharityDashboard }) {
  const { onTime, afterBestBefore } = data.pickups;
  return (
    <>
      <Stats>
        <Stat label="Food collected" value={formatKg(data.totalKg)} note="from your pickups" />
        <Stat label="Pickups" value={countOf(onTime + afterBestBefore)} note={`${countOf(onTime)} on time`} />
      </Stats>
      <Charts>
        <MonthChart title="Kilograms collected per month" months={data.kgByMonth} />
        <BarChart
          title="Pickups on time and after best-before"
          labels={['On time', 'After best-before']}
          values={[onTime, afterBestBefore]}
          labelHeader="Pickups"
          valueHeader="Count"
          format={countOf}
          whole
          emptyMessage={NO_PICKUPS}
        />
      </Charts>
    </>
  );
}

function AdminFigures({ data }: { data: AdminDashboard }) {
  const { totals, waitingVerification: waiting } = data;
  return (
    <>
      <Stats>
        <Stat label="Food rescued" value={formatKg(totals.kgRescued)} note={`from ${countOfNoun(totals.restaurants, 'restaurant', 'restaurants')}`} />
        <Stat label="Meals" value={countOf(totals.meals)} note={`through ${countOfNoun(totals.charities, 'charity', 'charities')}`} />
        <Stat label="CO2e avoided" value={formatKg(totals.co2eKg)} note="by saving surplus food" />
      </Stats>
      <section aria-labelledby="waiting-verification" className="rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm">
        <h2 id="waiting-verification" className="text-lg font-semibold text-stone-900">
          Waiting for verification
        </h2>
        {waiting.count === 0 ? (
          <p className="mt-2 text-muted-foreground">No donations are waiting for verification.</p>
        ) : (
          <>
            <dl className="mt-2 grid grid-cols-1 gap-2 min-[480px]:grid-cols-3">
              <div>
                <dt className="text-sm text-muted-foreground">Donations</dt>
                <dd className="text-xl font-bold tabular-nums">{countOf(waiting.count)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Oldest has waited</dt>
                <dd className="text-xl font-bold tabular-nums">{formatWait(waiting.oldestWaitSeconds)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Median wait</dt>
                <dd className="text-xl font-bold tabular-nums">{formatWait(waiting.medianWaitSeconds)}</dd>
              </div>
            </dl>
            <Link to="/dashBoard/manageDonations" className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
              Review donations →
            </Link>
          </>
        )}
      </section>
      <Charts>
        <BarChart
          title="Busiest restaurants"
          labels={data.topRestaurants.map((r) => r.name)}
          values={data.topRestaurants.map((r) => r.kg)}
          labelHeader="Restaurant"
          valueHeader="Kilograms given"
          format={formatKg}
          horizontal
          emptyMessage={NO_PICKUPS}
        />
        <BarChart
          title="Busiest charities"
          labels={data.topCharities.map((r) => r.name)}
          values={data.topCharities.map((r) => r.kg)}
          labelHeader="Charity"
          valueHeader="Kilograms collected"
          format={formatKg}
          horizontal
          emptyMessage={NO_PICKUPS}
        />
      </Charts>
    </>
  );
}

function FiguresSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading your figures" className="space-y-4">
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
  const { data, error, loading, reload } = useDashboard(true);
  const online = useConnectivity((s) => s.online);
  // The offline notice promises that the read starts again by itself once the network is back.
  useEffect(() => {
    if (online && error) reload();
    // Only the return of the network triggers it, not each new error (Try again is there for those).
  }, [online]);
  if (loading && !data) return <FiguresSkeleton />;
  if (error && !data) return <ErrorState message="Your figures could not be loaded." onRetry={reload} error={error} />;
  if (!data) return null;
  return (
    <div className="space-y-4" data-dashboard={data.role}>
      {data.role === 'restaurant' && <RestaurantFigures data={data} />}
      {data.role === 'charity' && <CharityFigures data={data} />}
      {data.role === 'admin' && <AdminFigures data={data} />}
    </div>
  );
}
