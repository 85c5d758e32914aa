import { createFileRoute } from '@tanstack/react-router';
import { AllDonationsPage } from '@/features/donations/components/all-donations-page';
import { donationFiltersSearch, parseDonationFilters, type DonationFilters } from '@/features/donations/filter-donations';
import type { DonationsView } from '@/features/donations/map/donations-view';

/** The page's search as the URL has it: checked by the page itself (parseDonationFilters, parseDonationsView). */
type AllDonationsSearch = { [K in keyof DonationFilters]?: unknown } & { view?: unknown };

// Public on purpose: the spec's guard here has no rule shown, and visitors may browse verified donations (section 1).
export const Route = createFileRoute('/_public/allDonations')({
  // Unchecked here: this function is in the home page's bundle, where bytes are counted, and checking would bring the
  // whole of filter-donations.ts with it (its search and filtering too). The page's chunk checks it.
  validateSearch: (search: Record<string, unknown>): AllDonationsSearch => search,
  component: AllDonationsRoute,
});

function AllDonationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Replace rather than push: each keystroke in the search box must not become a step of the back button.
  // The list or map view is not a filter: it stays while the filters change. Lists are written comma-separated.
  const onFiltersChange = (next: DonationFilters) => void navigate({ search: (prev) => ({ ...donationFiltersSearch(next), view: prev.view }), replace: true });
  const onViewChange = (next: DonationsView) =>
    void navigate({ search: (prev) => ({ ...donationFiltersSearch(parseDonationFilters(prev)), view: next }), replace: true });
  return <AllDonationsPage filters={parseDonationFilters(search)} onFiltersChange={onFiltersChange} view={search.view} onViewChange={onViewChange} />;
}
