import { createFileRoute } from '@tanstack/react-router';
import { AllDonationsPage } from '@/features/donations/components/all-donations-page';
import { parseDonationFilters, type DonationFilters } from '@/features/donations/filter-donations';

// Public on purpose: the spec's guard here has no rule shown, and visitors may browse verified donations (section 1).
export const Route = createFileRoute('/_public/allDonations')({
  validateSearch: (search: Record<string, unknown>): DonationFilters => parseDonationFilters(search),
  component: AllDonationsRoute,
});

function AllDonationsRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  // Replace rather than push: each keystroke in the search box must not become a step of the back button.
  const onFiltersChange = (next: DonationFilters) => void navigate({ search: parseDonationFilters({ ...next }), replace: true });
  return <AllDonationsPage filters={filters} onFiltersChange={onFiltersChange} />;
}
