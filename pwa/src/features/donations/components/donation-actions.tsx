import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { CircleCheck, HandHeart, Heart, PackageCheck, Star } from 'lucide-react';
import { MSG } from '@foodbridge/shared/messages';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { useSession } from '@/features/auth/session-store';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { confirmPickup, saveFavorite } from '../api';
import { useIsFavorite, useOwnRequest } from '../hooks/use-donation';

// The forms (and the zod schemas they validate with) load only when a signed-in user opens one; a visitor reading
// the page never downloads them.
const loadRequestDialog = () => import('./request-donation-dialog');
const loadReviewDialog = () => import('./add-review-dialog');
const RequestDonationDialog = lazyDialog(() => loadRequestDialog().then((m) => m.RequestDonationDialog));
const AddReviewDialog = lazyDialog(() => loadReviewDialog().then((m) => m.AddReviewDialog));

type DialogProps = { onOpenChange: (open: boolean) => void };

/** After a new release the old form chunk is gone: say so and close, rather than break the whole page. */
function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load()
      .then((component) => ({ default: component }))
      .catch(() => ({ default: UnavailableDialog as ComponentType<P> })),
  );
}

function UnavailableDialog({ onOpenChange }: DialogProps) {
  useEffect(() => {
    notify.error('Could not open the form.', 'Please reload the page and try again.');
    onOpenChange(false);
  }, [onOpenChange]);
  return null;
}

/** crypto.randomUUID exists only on https or localhost; a phone on the café's LAN may open us over plain http. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function serverDetail(err: unknown): string | undefined {
  return err instanceof ApiError && err.status < 500 ? err.message : undefined;
}

const actionClass = 'w-full sm:w-auto';

/**
 * The details page's buttons, each shown only to whom it applies: favourites and reviews for anyone signed in,
 * Request for a charity while the donation is Verified, Confirm Pickup for the charity it was accepted for.
 */
export function DonationActions({
  donation,
  onDonationChanged,
  onReviewAdded,
}: {
  donation: Donation;
  onDonationChanged: () => void;
  onReviewAdded: () => void;
}) {
  const { user, role, ready } = useSession();
  const location = useLocation();
  const { isFavorite, reload: reloadFavorite } = useIsFavorite(donation._id);
  const { request: ownRequest, reload: reloadOwnRequest } = useOwnRequest(donation._id);
  const [dialog, setDialog] = useState<'request' | 'review' | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // One key per confirmation the charity means to make: a retry after a failure resends it, so the server can
  // recognise a pickup it already recorded instead of failing on the second try.
  const pickupKey = useRef<string | null>(null);

  if (!ready) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row" aria-hidden>
        <Skeleton className="h-11 w-full sm:w-44" />
        <Skeleton className="h-11 w-full sm:w-36" />
      </div>
    );
  }

  if (!user) {
    return (
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-brand-900">Log in to save this donation, request it for your charity or leave a review.</p>
        <Link to="/login" search={{ redirect: location.href }} className={cn(buttonVariants({ variant: 'outline' }), actionClass, 'shrink-0')}>
          <Heart aria-hidden /> Save to Favorites
        </Link>
      </div>
    );
  }

  const canRequest = role === 'charity' && donation.status === 'Verified' && !ownRequest;
  const canConfirmPickup =
    role === 'charity' && donation.status === 'Accepted' && donation.charityEmail?.toLowerCase() === user.email.toLowerCase();

  async function save() {
    setSaving(true);
    try {
      await saveFavorite(donation._id);
      notify.success('Saved!');
    } catch {
      notify.error(MSG.alreadyFavorite);
    } finally {
      setSaving(false);
      reloadFavorite();
    }
  }

  async function confirm() {
    pickupKey.current ??= newIdempotencyKey();
    setConfirming(true);
    try {
      await confirmPickup(donation._id, pickupKey.current);
      pickupKey.current = null;
      notify.success('Pickup confirmed!');
      onDonationChanged();
    } catch (err) {
      notify.error('Failed to confirm pickup.', serverDetail(err));
      // A conflict means the donation moved on (already picked, withdrawn): show where it stands now.
      if (err instanceof ApiError && err.status === 409) onDonationChanged();
    } finally {
      setConfirming(false);
    }
  }

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {ownRequest && donation.status === 'Verified' && (
          <p className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-50 px-4 text-sm font-medium text-brand-900 sm:min-h-10">
            <CircleCheck aria-hidden className="size-4" /> Requested · {ownRequest.status}
          </p>
        )}
        {canRequest && (
          <Button
            className={actionClass}
            onClick={() => setDialog('request')}
            onPointerEnter={() => void loadRequestDialog()}
            onFocus={() => void loadRequestDialog()}
          >
            <HandHeart aria-hidden /> Request Donation
          </Button>
        )}
        {canConfirmPickup && (
          <Button className={actionClass} onClick={() => void confirm()} disabled={confirming}>
            <PackageCheck aria-hidden /> {confirming ? 'Confirming...' : 'Confirm Pickup'}
          </Button>
        )}
        {isFavorite ? (
          <Button variant="outline" className={actionClass} disabled>
            <Heart aria-hidden className="fill-red-600 text-red-600" /> Saved to Favorites
          </Button>
        ) : (
          <Button variant="outline" className={actionClass} onClick={() => void save()} disabled={saving}>
            <Heart aria-hidden /> {saving ? 'Saving...' : 'Save to Favorites'}
          </Button>
        )}
        <Button
          variant="outline"
          className={actionClass}
          onClick={() => setDialog('review')}
          onPointerEnter={() => void loadReviewDialog()}
          onFocus={() => void loadReviewDialog()}
        >
          <Star aria-hidden /> Add Review
        </Button>
      </div>

      <Suspense fallback={null}>
        {dialog === 'request' && (
          <RequestDonationDialog
            donation={donation}
            onOpenChange={(open) => !open && setDialog(null)}
            onSubmitted={() => {
              reloadOwnRequest();
              onDonationChanged();
            }}
          />
        )}
        {dialog === 'review' && <AddReviewDialog donation={donation} onOpenChange={(open) => !open && setDialog(null)} onSubmitted={onReviewAdded} />}
      </Suspense>
    </>
  );
}
