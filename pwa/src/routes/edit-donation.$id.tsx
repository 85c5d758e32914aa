import { createFileRoute } from '@tanstack/react-router';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { RequireAuth } from '@/features/auth/require-auth';
import { EditDonation } from '@/features/restaurant/edit-donation';

// Outside /dashBoard (the spec's path) but framed like the dashboard, since it belongs to My Donations.
export const Route = createFileRoute('/edit-donation/$id')({
  component: EditDonationRoute,
});

function EditDonationRoute() {
  const { id } = Route.useParams();
  return (
    <RequireAuth>
      <DashboardShell>
        <RequireAuth roles={['restaurant']}>
          <EditDonation key={id} id={id} />
        </RequireAuth>
      </DashboardShell>
    </RequireAuth>
  );
}
