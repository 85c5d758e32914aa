import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { FOOD_TYPES, type FoodType } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { LatLng } from '@foodbridge/shared/geo';
import type { I18n } from '@lingui/core';
import { DonationCard } from '@/components/donation-card';
import { isOfflineError, OfflineNotice, SyncStatus } from '@/components/sync-status';
import { Button } from '@/components/ui/button';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel } from '@/lib/labels';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { VirtualGrid } from '@/components/virtual-grid';
import { cn } from '@/lib/utils';
import { distanceLabel } from '@/lib/distance-label';
import { defaultSort, filterDonations, hasFoodSafetyFilter, warmSearch, type DonationFilters, type DonationSort } from '../filter-donations';
import { distanceOf, sortDonations } from '../sort-donations';
import { useVerifiedDonations } from '../hooks/use-donation';
import { positionProblem, usePosition } from '@/lib/use-position';
import { useHomeBase } from '../hooks/use-home-base';
import { DonationsMapPanel } from '../map/donations-map-panel';
import { parseDonationsView, type DonationsView } from '../map/donations-view';
import { rememberedView, rememberView } from '../map/remembered-view';
import { ViewToggle } from '../map/view-toggle';
import { FilterChip } from './filter-chip';
import { FoodSafetyFilters, FoodSafetyFiltersToggle } from './food-safety-filters';

// Enough to fill the first screen on a desktop; the rest load as they scroll into view.
const EAGER_CARDS = 3;
// A card's height at the common widths (picture 3:2 plus five lines of facts); each row is measured once drawn.
const CARD_HEIGHT = 500;

// One card per donation object: the local store keeps the object of an unchanged donation, so a live change to one
// donation re-renders its card alone.
// The distance is said inside the cell, which re-renders by itself when the language changes.
const DonationCell = memo(function DonationCell({ donation, priority, from }: { donation: Donation; priority: boolean; from: LatLng | undefined }) {
  const i18n = useI18n();
  return <DonationCard donation={donation} priority={priority} distance={distanceFrom(i18n, donation, from)} className="flex-1" />;
});
const donationKey = (d: Donation) => d._id;

/** "2.3 km" from the viewer, or nothing for a donation without a place (or before the position is known). */
function distanceFrom(i18n: I18n, d: Donation, from: LatLng | undefined): string | undefined {
  if (!from) return undefined;
  const km = distanceOf(d, from);
  return Number.isFinite(km) ? distanceLabel(i18n, km) : undefined;
}

/**
 * Intl's first number and date formats on a page load the locale's data (tens of ms each on a slow phone), in the
 * task that draws the list: its count, the cards' best-before times. Made while the list is on its way instead.
 */
function warmIntl(i18n: I18n): () => void {
  const id = setTimeout(() => {
    i18n.number(0);
    i18n.date(0, { hour: '2-digit', minute: '2-digit' });
  });
  return () => clearTimeout(id);
}

/**
 * The public list of verified donations. The filters live in the URL (owned by the route) so that a filtered list
 * can be shared and survives the back button.
 */
export function AllDonationsPage({
  filters,
  onFiltersChange,
  view: viewInUrl,
  onViewChange,
}: {
  filters: DonationFilters;
  onFiltersChange: (next: DonationFilters) => void;
  /** List or map as the URL says (anything else is ignored); absent, as last picked on this device. */
  view?: unknown;
  onViewChange?: (next: DonationsView) => void;
}) {
  const i18n = useI18n();
  const [remembered] = useState(rememberedView);
  const view = parseDonationsView({ view: viewInUrl }).view ?? remembered;
  const changeView = (next: DonationsView) => {
    rememberView(next);
    onViewChange?.(next);
  };
  // The box keeps its own text so typing never waits on the URL update; the URL follows for sharing.
  const [query, setQuery] = useState(filters.q ?? '');
  // The lists are the same objects while the URL says the same (parseDonationFilters): safe as memo dependencies.
  const { type, dietary, freeFrom } = filters;
  const foodSafety = hasFoodSafetyFilter(filters);
  // Open when a link or a reload brings a choice: what narrows the list is in sight.
  const [foodSafetyOpen, setFoodSafetyOpen] = useState(foodSafety);
  const role = useSession((s) => s.role);
  const sort = filters.sort ?? defaultSort(role);
  const position = usePosition();
  // A charity's home base stands in for a position that is not shared.
  const homeBase = useHomeBase(sort === 'distance');
  const fromHome = position.status === 'refused' || position.status === 'unavailable' ? homeBase.point : undefined;
  const near = sort === 'distance' ? (position.point ?? fromHome) : undefined;
  // A visitor's list is narrowed and ordered by the server; the text is matched on what came back, as typed.
  const { data: latest, error, loading: fetching, reload, local, partial: partialNow } = useVerifiedDonations({ foodType: type, dietary, freeFrom, sort, near });
  // A city's list arrives at once: React draws it in short slices, not in one long task that a tap would wait for.
  // Until then the page stays as it was (the skeleton at first, which must not turn into 'no donations').
  const data = useDeferredValue(latest);
  // Deferred with the list, so the count comes back in the same render as the whole list it counts.
  const partial = useDeferredValue(partialNow);
  const loading = fetching || data !== latest;
  useEffect(() => warmIntl(i18n), [i18n]);
  // Sorted once per list and order, filtered per keystroke: typing never re-sorts thousands of donations.
  const sorted = useMemo(() => (data ? sortDonations(data, sort, near) : []), [data, sort, near]);
  const shown = useMemo(() => filterDonations(sorted, { q: query, type, dietary, freeFrom }), [sorted, query, type, dietary, freeFrom]);
  // Before the first keystroke: each donation's search text is made in idle time, not while typing.
  useEffect(() => (data ? warmSearch(data) : undefined), [data]);
  const renderDonation = useCallback(
    (d: Donation, i: number) => <DonationCell donation={d} priority={i < EAGER_CARDS} from={near} />,
    [near],
  );
  // The order a refused or unavailable position falls back to: the one picked before 'Nearest first'.
  const beforeNearest = useRef<DonationSort | undefined>(filters.sort === 'distance' ? undefined : filters.sort);
  const [problem, setProblem] = useState<string | undefined>();
  const { status, ask } = position;
  // Asked only once 'Nearest first' is the order, also when a reload or a shared link brings it back.
  useEffect(() => {
    if (sort === 'distance' && status === 'idle') ask();
  }, [sort, status, ask]);
  useEffect(() => {
    const said = positionProblem(status);
    if (sort !== 'distance' || !said || !homeBase.settled || homeBase.point) return;
    setProblem(said);
    onFiltersChange({ q: query || undefined, type, dietary, freeFrom, sort: beforeNearest.current });
  }, [sort, status, onFiltersChange, query, type, dietary, freeFrom, homeBase.settled, homeBase.point]);
  // Per food type among what the device holds; a visitor's list holds one type when one is picked, so no counts.
  const counts = useMemo(() => {
    const byType = new Map<FoodType, number>();
    for (const d of filterDonations(data ?? [], { q: query, dietary, freeFrom })) byType.set(d.foodType, (byType.get(d.foodType) ?? 0) + 1);
    return byType;
  }, [data, query, dietary, freeFrom]);
  const filtering = Boolean(query.trim() || type || foodSafety);
  // A visitor's list comes narrowed by the server: it is the whole of what matches, not a part of a larger list.
  const narrowedByServer = !local && Boolean(type || foodSafety);
  // The server's answer to a visitor's filters may be empty while other donations exist: keep the filters.
  const hasList = Boolean(data && (data.length > 0 || narrowedByServer));
  // What the filters are now, each change made from it: the box's text as typed, the rest as the URL has it.
  const current: Omit<DonationFilters, 'sort'> = { q: query || undefined, type, dietary, freeFrom };
  // The order is not a filter: it stays when the filters change or are cleared.
  const setFilters = (next: Omit<DonationFilters, 'sort'>) => {
    setQuery(next.q ?? '');
    onFiltersChange({ ...next, sort: filters.sort });
  };
  const setSort = (next: DonationSort) => {
    setProblem(undefined);
    if (next === 'distance') {
      if (sort !== 'distance') beforeNearest.current = filters.sort;
      ask();
    }
    onFiltersChange({ ...current, sort: next });
  };
  const clearFilters = () => setFilters({});

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        title={i18n._('donations.title')}
        description={i18n._('donations.description')}
      />
      <SyncStatus />

      {hasList && (
        <div className="mb-6 flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm sm:p-5">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor="donation-search">{i18n._('search.label')}</Label>
              <div className="relative">
                <Search className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-stone-500" aria-hidden />
                <Input
                  id="donation-search"
                  type="search"
                  inputMode="search"
                  autoComplete="off"
                  placeholder={i18n._('search.placeholder')}
                  value={query}
                  onChange={(e) => setFilters({ ...current, q: e.target.value || undefined })}
                  className="ps-10"
                />
              </div>
            </div>
            <div className="flex flex-col gap-1.5 sm:w-56">
              <Label htmlFor="donation-sort">{i18n._('search.sortBy')}</Label>
              <NativeSelect id="donation-sort" value={sort} onChange={(e) => setSort(e.target.value as DonationSort)}>
                <option value="bestBefore">{i18n._('search.sort.bestBefore')}</option>
                <option value="pickupStart">{i18n._('search.sort.pickupStart')}</option>
                <option value="newest">{i18n._('search.sort.newest')}</option>
                <option value="distance">{i18n._('search.sort.distance')}</option>
              </NativeSelect>
            </div>
          </div>
          {(problem || (sort === 'distance' && (status === 'asking' || fromHome))) && (
            <p role="status" className={cn('text-sm', problem ? 'text-amber-800' : 'text-muted-foreground')}>
              {problem ? i18n._(problem) : fromHome ? i18n._('search.fromHomeBase') : i18n._('search.findingLocation')}
            </p>
          )}
          <div className="flex flex-col gap-1.5">
            {/* One line, as tall as the label alone: index.html's first screen holds the box at this height. */}
            <div className="flex items-center justify-between gap-3">
              <span id="food-type-label" className="min-w-0 text-sm font-medium">
                {i18n._('search.foodType')}
              </span>
              <FoodSafetyFiltersToggle
                open={foodSafetyOpen}
                onToggle={() => setFoodSafetyOpen((o) => !o)}
                chosen={(dietary?.length ?? 0) + (freeFrom?.length ?? 0)}
                controls="food-safety-filters"
              />
            </div>
            {/* One scrolling row on phones rather than wrapping chips pushing the list down. */}
            <div role="group" aria-labelledby="food-type-label" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
              <FilterChip pressed={!type} onClick={() => setFilters({ ...current, type: undefined })}>
                {i18n._('search.allTypes')}
              </FilterChip>
              {FOOD_TYPES.map((option) => (
                <FilterChip
                  key={option}
                  pressed={type === option}
                  onClick={() => setFilters({ ...current, type: type === option ? undefined : option })}
                >
                  {foodTypeLabel(i18n, option)}
                  {local && <span className="text-xs opacity-75">({counts.get(option) ?? 0})</span>}
                </FilterChip>
              ))}
            </div>
          </div>
          <FoodSafetyFilters id="food-safety-filters" open={foodSafetyOpen} dietary={dietary} freeFrom={freeFrom} onChange={(next) => setFilters({ ...current, ...next })} />
        </div>
      )}

      {hasList && data && (
        <div className="mb-4 flex min-h-11 flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {/* A visitor's first screen comes before the rest of the list: no count until the whole list is there. */}
            {partial
              ? null
              : filtering && !narrowedByServer
              ? i18n._('donations.showingOf', { shown: shown.length, total: data.length })
              : filtering
                ? i18n._('donations.found', { count: shown.length })
                : i18n._('donations.available', { count: shown.length })}
          </p>
          <div className="flex items-center gap-2">
            {filtering && (
              <Button variant="ghost" size="sm" onClick={clearFilters}>
                <X aria-hidden /> {i18n._('search.clearFilters')}
              </Button>
            )}
            <ViewToggle view={view} onChange={changeView} />
          </div>
        </div>
      )}

      {loading && !data ? (
        <CardGridSkeleton count={6} />
      ) : error && !data && isOfflineError(error) ? (
        <OfflineNotice />
      ) : error && !data ? (
        <ErrorState message={i18n._('donations.failed')} onRetry={reload} />
      ) : !data || !hasList ? (
        <EmptyState message={i18n._('donations.empty')} />
      ) : shown.length === 0 && partial ? (
        <CardGridSkeleton count={6} />
      ) : shown.length === 0 ? (
        <EmptyState message={i18n._('donations.noMatch')}>
          <Button variant="outline" onClick={clearFilters}>
            {i18n._('search.clearFilters')}
          </Button>
        </EmptyState>
      ) : view === 'map' ? (
        <DonationsMapPanel donations={shown} position={status === 'ready' ? position.point : undefined} onShowList={() => changeView('list')} />
      ) : (
        <>
          {/* Cards title themselves with h3; this keeps the outline h1 > h2 > h3 for screen-reader navigation. */}
          <h2 className="sr-only">{i18n._('donations.listHeading')}</h2>
          {/* Only the rows on screen are drawn: a city's list is thousands of cards. */}
          <VirtualGrid
            items={shown}
            getKey={donationKey}
            renderItem={renderDonation}
            estimateRowHeight={CARD_HEIGHT}
            columns={{ base: 1, sm: 2, lg: 3 }}
            gap={24}
            partial={partial}
          />
        </>
      )}
    </section>
  );
}
