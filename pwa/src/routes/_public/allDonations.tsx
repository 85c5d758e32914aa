import { createFileRoute } from '@tanstack/react-router';
import { AllDonationsPage } from '@/features/donations/components/all-donations-page';
import { parseDonationFilters, type DonationFilters } from '@/features/donations/filter-donations';
import type { DonationsView } from '@/features/donations/map/donations-view';

// Public on purpose: the spec's guard here has no rule shown, and visitors may browse verified donations (section 1).
export const Route = createFileRoute('/_public/allDonations')({
  // `view` (list or map) is checked by the page: this function is in the home page's bundle, where bytes are counted.
  validateSearch: (search: Record<string, unknown>): DonationFilters & { view?: unknown } => ({ ...parseDonationFilters(search), view: search.view }),
  component: AllDonationsRoute,
});

function AllDonationsRoute() {
  const { view, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Replace rather than push: each keystroke in the search box must not become a step of the back button.
  // The list or map view is not a filter: it stays while the filters change.
  const onFiltersChange = (next: DonationFilters) =>
    void navigate({ search: (prev) => ({ ...parseDonationFilters({ ...next }), view: prev.view }), replace: true });
  const onViewChange = (next: DonationsView) => void navigate({ search: (prev) => ({ ...prev, view: next }), replace: true });
  return <AllDonationsPage filters={filters} onFiltersChange={onFiltersChange} view={view} onViewChange={onViewChange} />;
}
