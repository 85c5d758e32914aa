import { createFileRoute } from '@tanstack/react-router';
import { DonationDetailsPage } from '@/features/donations/components/donation-details-page';

/** Where the page was opened from, when its back link should lead there rather than to All Donations. */
type DonationDetailsSearch = { from?: 'manageDonations' };

export const Route = createFileRoute('/_public/donations/$id')({
  // Checked here by hand: this function is in the home page's bundle, where bytes are counted.
  validateSearch: (search: Record<string, unknown>): DonationDetailsSearch => (search.from === 'manageDonations' ? { from: 'manageDonations' } : {}),
  component: DonationDetailsRoute,
});

function DonationDetailsRoute() {
  const { id } = Route.useParams();
  const { from } = Route.useSearch();
  // Keyed by id so that moving to another donation starts clean (no stale dialog, key or favourite state).
  return <DonationDetailsPage key={id} id={id} from={from} />;
}
