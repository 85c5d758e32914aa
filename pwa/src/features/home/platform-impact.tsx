import type { I18n } from '@lingui/core';
import type { Impact } from '@foodbridge/shared/schemas/impact';
import { useI18n } from '@/lib/i18n/i18n';
import { Leaf, Scale, Soup } from './icons';
import { useImpact } from './api';
import { EmptyBlock, ErrorBlock, LoadingBlock, Pulse, SectionHeading } from './section-states';

const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-3';
/** The spec's three figures, with its labels, from the server's GET /impact; numbers and plurals through Intl. */
function figures(i18n: I18n, i: Impact) {
  return [
    {
      id: 'food',
      Icon: Scale,
      label: i18n._('home.impact.food'),
      value: i18n._('home.impact.kg', { value: i.kgRescued }),
      detail: i18n._('home.impact.fromRestaurants', { count: i.restaurants }),
    },
    {
      id: 'meals',
      Icon: Soup,
      label: i18n._('home.impact.meals'),
      value: i18n.number(i.meals),
      detail: i18n._('home.impact.throughCharities', { count: i.charities }),
    },
    { id: 'co2', Icon: Leaf, label: i18n._('home.impact.co2'), value: i18n._('home.impact.kg', { value: i.co2eKg }), detail: i18n._('home.impact.co2Detail') },
  ];
}

export function PlatformImpact() {
  const i18n = useI18n();
  const { data, error, loading, reload } = useImpact();
  return (
    <section aria-labelledby="impact-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
      <SectionHeading id="impact-heading" title={i18n._('home.impact.title')} subtitle={i18n._('home.impact.subtitle')} />
      {loading && !data ? (
        <LoadingBlock label={i18n._('home.impact.loading')}>
          <div className={GRID}>
            {[0, 1, 2].map((i) => (
              <Pulse key={i} className="h-40 w-full rounded-[var(--radius-card)]" />
            ))}
          </div>
        </LoadingBlock>
      ) : error || !data ? (
        <ErrorBlock message={i18n._('home.impact.failed')} onRetry={reload} />
      ) : data.kgRescued === 0 && data.meals === 0 ? (
        <EmptyBlock message={i18n._('home.impact.empty')} />
      ) : (
        <dl className={GRID}>
          {figures(i18n, data).map(({ id, Icon, label, value, detail }) => (
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
