import type { I18n } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { ArrowRight, MapPin, Store } from './icons';
import { FEATURED_DONATIONS } from '@foodbridge/shared/first-screen-constants';
import { imageUrl } from '@/lib/api-client';
import { useFeaturedDonations } from './api';
import { EmptyBlock, ErrorBlock, LoadingBlock, Pulse, SectionHeading, StatusPill } from './section-states';
import { useI18n } from '@/lib/i18n/i18n';

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4';

/**
 * The food types in the reader's language. The app's words for them (lib/labels.ts' foodTypeLabel) are in shared's
 * `texts` catalogue, which the home page does not load; these are in its own. A type no list knows shows as it is.
 */
const FOOD_TYPES: Record<string, string> = {
  Bakery: /*i18n*/ 'home.foodType.bakery',
  Produce: /*i18n*/ 'home.foodType.produce',
  'Cooked Meal': /*i18n*/ 'home.foodType.cookedMeal',
  'Packaged Goods': /*i18n*/ 'home.foodType.packagedGoods',
};

function foodTypeWord(i18n: I18n, type: string): string {
  const id = FOOD_TYPES[type];
  return id ? i18n._(id) : type;
}

export function FeaturedDonations() {
  const i18n = useI18n();
  const { data, error, loading, reload } = useFeaturedDonations();
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
      <SectionHeading id="featured-heading" title={i18n._('home.featured.title')} subtitle={i18n._('home.featured.subtitle')}>
        <Link to="/allDonations" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline">
          {i18n._('home.featured.seeAll')} <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </Link>
      </SectionHeading>
      {loading && !data ? (
        <LoadingBlock label={i18n._('home.featured.loading')}>
          <div className={GRID}>
            {Array.from({ length: FEATURED_DONATIONS }, (_, i) => (
              <div key={i} className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-white">
                <Pulse className="aspect-[4/3] w-full rounded-none" />
                <div className="space-y-2 p-4">
                  <Pulse className="h-5 w-2/3" />
                  <Pulse className="h-4 w-1/2" />
                  <Pulse className="h-4 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        </LoadingBlock>
      ) : error ? (
        <ErrorBlock message={i18n._('home.featured.failed')} onRetry={reload} />
      ) : !data?.length ? (
        <EmptyBlock message={i18n._('home.featured.empty')} />
      ) : (
        <ul className={GRID}>
          {data.map((d) => (
            <li key={d._id} className="flex min-w-0 flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-white shadow-sm transition-shadow hover:shadow-md [overflow-wrap:anywhere]">
              <img
                src={imageUrl(d.image, 480)}
                alt={d.title}
                width={480}
                height={360}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full bg-stone-100 object-cover"
              />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <span className="text-xs font-semibold uppercase tracking-wide text-brand-800">{foodTypeWord(i18n, d.foodType)}</span>
                  <StatusPill status={d.status} />
                </div>
                <h3 className="font-semibold leading-snug text-stone-900">{d.title}</h3>
                <p className="flex items-center gap-1.5 text-sm text-stone-700">
                  <Store className="size-4 shrink-0 text-stone-500" aria-hidden />
                  <span className="sr-only">{i18n._('home.featured.restaurant')}</span>
                  {d.restaurantName}
                </p>
                <p className="flex items-center gap-1.5 text-sm text-stone-700">
                  <MapPin className="size-4 shrink-0 text-stone-500" aria-hidden />
                  <span className="sr-only">{i18n._('home.featured.location')}</span>
                  {d.location}
                </p>
                <Link
                  to="/donations/$id"
                  params={{ id: d._id }}
                  aria-label={i18n._('home.featured.viewDetailsOf', { title: d.title })}
                  className="mt-auto inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-900"
                >
                  {i18n._('home.featured.viewDetails')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
