import { useRef, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { PICKUP_CONFIRMABLE, type DonationStatus } from '@foodbridge/shared/constants';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { Button } from '@/components/ui/button';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/features/auth/session-store';
import { errorMessage, notify } from '@/lib/notify';
import { confirmPickup, usePickups } from '../api';
import { PickupCard, PickupGrid } from './pickup-card';

const isConfirmable = (status: string) => PICKUP_CONFIRMABLE.some((s) => s.toLowerCase() === status.toLowerCase());

export function MyPickups() {
  const email = useSession((s) => s.user?.email);
  const { data, error, loading, reload, setData } = usePickups(email);
  const [confirming, setConfirming] = useState<string | null>(null);
  // One key per donation until the server accepts it: retrying after a lost answer is then a replay, not a new call.
  const keys = useRef(new Map<string, string>());

  async function confirm(item: PickupItem) {
    const key = keys.current.get(item._id) ?? crypto.randomUUID();
    keys.current.set(item._id, key);
    setConfirming(item._id);
    try {
      const res = await confirmPickup(item._id, key);
      keys.current.delete(item._id);
      const status: DonationStatus = res?.donation?.status ?? 'Picked';
      setData((list) => list?.map((p) => (p._id === item._id ? { ...p, ...res?.donation, status } : p)));
      notify.success('Pickup confirmed!');
    } catch (err) {
      notify.error('Failed to confirm pickup.', errorMessage(err, 'Please try again.'));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <section>
      <PageHeader title="My Pickups" description="Donations restaurants accepted for you. Confirm each one when you collect it." />
      {loading && !data ? (
        <CardGridSkeleton count={3} />
      ) : error && !data ? (
        <ErrorState message="Failed to load pickups" onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState message="No pickups yet. Accepted donation requests appear here." />
      ) : (
        <PickupGrid>
          {data.map((item, i) => (
            <li key={item._id}>
              <PickupCard item={item} eager={i < 3}>
                {isConfirmable(item.status) ? (
                  <Button onClick={() => void confirm(item)} disabled={confirming === item._id}>
                    {confirming === item._id ? 'Confirming...' : 'Confirm Pickup'}
                  </Button>
                ) : (
                  <p className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-50 text-sm font-semibold text-brand-900 sm:min-h-10">
                    <CheckCircle2 className="size-4" aria-hidden /> Pickup confirmed
                  </p>
                )}
              </PickupCard>
            </li>
          ))}
        </PickupGrid>
      )}
    </section>
  );
}
