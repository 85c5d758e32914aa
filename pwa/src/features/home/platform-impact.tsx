import type { Impact } from '@foodbridge/shared/schemas/impact';
import { Leaf, Scale, Soup } from './icons';
import { useImpact } from './api';
import { EmptyBlock, ErrorBlock, LoadingBlock, Pulse, SectionHeading } from './section-states';

const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-3';
const number = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

/** The spec's three figures, with its labels, from the server's GET /impact. */
function figures(i: Impact) {
  return [
    { id: 'food', Icon: Scale, label: 'Total Food Donated', value: `${number(i.kgRescued)} kg`, detail: `from ${plural(i.restaurants, 'restaurant', 'restaurants')}` },
    { id: 'meals', Icon: Soup, label: 'Meals Served', value: number(i.meals), detail: `through ${plural(i.charities, 'charity', 'charities')}` },
    { id: 'co2', Icon: Leaf, label: 'CO2 Emissions Reduced', value: `${number(i.co2eKg)} kg`, detail: 'by saving surplus food' },
  ];
}

export function PlatformImpact() {
  const { data, error, loading, reload } = useImpact();
  return (
    <section aria-labelledby="impact-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
      <SectionHeading id="impact-heading" title="Platform Impact" subtitle="What restaurants and charities have achieved together so far." />
      {loading && !data ? (
        <LoadingBlock label="Loading the platform's impact">
          <div className={GRID}>
            {[0, 1, 2].map((i) => (
              <Pulse key={i} className="h-40 w-full rounded-[var(--radius-card)]" />
            ))}
          </div>
        </LoadingBlock>
      ) : error || !data ? (
        <ErrorBlock message="Failed to load the platform's impact." onRetry={reload} />
      ) : data.kgRescued === 0 && data.meals === 0 ? (
        <EmptyBlock message="No pickups recorded yet: these figures start with the first food a charity collects." />
      ) : (
        <dl className={GRID}>
          {figures(data).map(({ id, Icon, label, value, detail }) => (
            <div key={id} className="flex min-w-0 flex-col gap-2 rounded-[var(--radius-card)] bg-gradient-to-br from-brand-800 to-brand-900 p-6 text-white shadow-sm">
              <dt className="flex flex-col gap-4 text-sm font-semibold uppercase tracking-wide text-brand-100">
                <Icon className="size-8 text-accent-400" aria-hidden />
                {label}
              </dt>
              <dd className="text-4xl font-extrabold tracking-tight [overflow-wrap:anywhere] md:text-2xl lg:text-3xl xl:text-4xl">{value}</dd>
              <dd className="text-brand-100">{detail}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
