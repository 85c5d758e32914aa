import { useMemo, useState, type ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { FOOD_TYPES, type FoodType } from '@foodbridge/shared/constants';
import { DonationCard } from '@/components/donation-card';
import { isOfflineError, OfflineNotice, SyncStatus } from '@/components/sync-status';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { cn } from '@/lib/utils';
import { filterDonations, type DonationFilters } from '../filter-donations';
import { useVerifiedDonations } from '../hooks/use-donation';

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';
// Enough to fill the first screen on a desktop; the rest load as they scroll into view.
const EAGER_CARDS = 3;

/**
 * The public list of verified donations. The filters live in the URL (owned by the route) so that a filtered list
 * can be shared and survives the back button.
 */
export function AllDonationsPage({ filters, onFiltersChange }: { filters: DonationFilters; onFiltersChange: (next: DonationFilters) => void }) {
  const { data, error, loading, reload } = useVerifiedDonations();
  // The box keeps its own text so typing never waits on the URL update; the URL follows for sharing.
  const [query, setQuery] = useState(filters.q ?? '');
  const type = filters.type;
  const shown = useMemo(() => (data ? filterDonations(data, { q: query, type }) : []), [data, query, type]);
  const counts = useMemo(() => {
    const byType = new Map<FoodType, number>();
    for (const d of filterDonations(data ?? [], { q: query })) byType.set(d.foodType, (byType.get(d.foodType) ?? 0) + 1);
    return byType;
  }, [data, query]);
  const filtering = Boolean(query.trim() || type);
  const setFilters = (next: DonationFilters) => {
    setQuery(next.q ?? '');
    onFiltersChange(next);
  };
  const clearFilters = () => setFilters({});

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        title="All Verified Donations"
        description="Surplus food from local restaurants, checked by our team and ready for charities to request."
      />
      <SyncStatus />

      {data && data.length > 0 && (
        <div className="mb-6 flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm sm:p-5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="donation-search">Search donations</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-stone-500" aria-hidden />
              <Input
                id="donation-search"
                type="search"
                inputMode="search"
                autoComplete="off"
                placeholder="Title, restaurant or location"
                value={query}
                onChange={(e) => setFilters({ q: e.target.value || undefined, type })}
                className="pl-10"
              />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <span id="food-type-label" className="text-sm font-medium">
              Food type
            </span>
            {/* One scrolling row on phones rather than wrapping chips pushing the list down. */}
            <div role="group" aria-labelledby="food-type-label" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
              <FilterChip pressed={!type} onClick={() => setFilters({ q: query || undefined })}>
                All
              </FilterChip>
              {FOOD_TYPES.map((option) => (
                <FilterChip
                  key={option}
                  pressed={type === option}
                  onClick={() => setFilters({ q: query || undefined, type: type === option ? undefined : option })}
                >
                  {option}
                  <span className="text-xs opacity-75">({counts.get(option) ?? 0})</span>
                </FilterChip>
              ))}
            </div>
          </div>
        </div>
      )}

      {data && data.length > 0 && (
        <div className="mb-4 flex min-h-11 items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {filtering ? `Showing ${shown.length} of ${data.length} donations` : `${data.length} ${data.length === 1 ? 'donation' : 'donations'} available`}
          </p>
          {filtering && (
            <Button variant="ghost" size="sm" onClick={clearFilters}>
              <X aria-hidden /> Clear filters
            </Button>
          )}
        </div>
      )}

      {loading && !data ? (
        <CardGridSkeleton count={6} />
      ) : error && !data && isOfflineError(error) ? (
        <OfflineNotice />
      ) : error && !data ? (
        <ErrorState message="Failed to load donations." onRetry={reload} />
      ) : !data || data.length === 0 ? (
        <EmptyState message="No verified donations available right now." />
      ) : shown.length === 0 ? (
        <EmptyState message="No donations match your search.">
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <>
          {/* Cards title themselves with h3; this keeps the outline h1 > h2 > h3 for screen-reader navigation. */}
          <h2 className="sr-only">Donations</h2>
          <ul className={GRID}>
          {shown.map((d, i) => (
            <li key={d._id} className="flex">
              <DonationCard donation={d} priority={i < EAGER_CARDS} className="w-full" />
            </li>
          ))}
          </ul>
        </>
      )}
    </section>
  );
}

function FilterChip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors sm:min-h-9',
        pressed ? 'border-brand-800 bg-brand-800 text-white' : 'border-border bg-white text-stone-700 hover:border-brand-500 hover:text-brand-800',
      )}
    >
      {children}
    </button>
  );
}
