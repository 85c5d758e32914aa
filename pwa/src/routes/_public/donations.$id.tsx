import { createFileRoute } from '@tanstack/react-router';
import { DonationDetailsPage } from '@/features/donations/components/donation-details-page';

export const Route = createFileRoute('/_public/donations/$id')({
  component: DonationDetailsRoute,
});

function DonationDetailsRoute() {
  const { id } = Route.useParams();
  // Keyed by id so that moving to another donation starts clean (no stale dialog, key or favourite state).
  return <DonationDetailsPage key={id} id={id} />;
}
