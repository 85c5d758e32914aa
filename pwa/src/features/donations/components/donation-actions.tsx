import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { CircleCheck, HandHeart, Heart, Star } from 'lucide-react';
import type { PickupReport } from '@foodbridge/shared/schemas/impact';
import { DONATION_PUBLIC, PICKUP_CONFIRMABLE } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { useSession } from '@/lib/auth/session-store';
import { DonationVerdictButtons, reverifyNote, type DonationVerdict } from '@/components/donation-verdict';
import { PickupRefusal, WaitingToSync } from '@/components/sync-status';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { isPast } from '@/lib/best-before';
import { isOnline } from '@/lib/connectivity-store';
import { myOrganisationPath } from '@/lib/my-organisation';
import { useApi } from '@/lib/use-api';
import { useI18n } from '@/lib/i18n/i18n';
import { requestStatusLabel } from '@/lib/labels';
import { removeFavoriteLocally, saveFavoriteLocally } from '@/lib/db/local-store';
import { dismissPickupRefusal, isGivenTo, usePickupEntry } from '@/lib/db/pickup-outbox';
import { confirmPickupWithPhotos } from '@/lib/db/photo-outbox';
import type { ResizedPhoto } from '@/lib/photos/resize';
import { PhotoRefusals, PhotosWaiting } from '@/components/pickup-photos-status';
import { PickupReportDialog } from '@/components/pickup-report-dialog';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { removeFavorite, saveFavorite } from '../api';
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
  const i18n = useI18n();
  useEffect(() => {
    notify.error(i18n._('details.formUnavailable'), i18n._('details.formUnavailableDetail'));
    onOpenChange(false);
  }, [onOpenChange, i18n]);
  return null;
}

function serverDetail(err: unknown): string | undefined {
  return err instanceof ApiError && err.status < 500 ? err.message : undefined;
}

const actionClass = 'w-full sm:w-auto';

/**
 * Where the page's main action (Request Donation, Confirm Pickup) stands: below `sm`, a bar fixed at the foot of the
 * screen, so a phone reaches it without scrolling past the picture and the facts (issue 50); from `sm` up no box at all
 * (`contents`), the button one of the row's. It is the same button either way, in the same place in the page's order
 * for the keyboard and screen readers. `data-action-bar` gives the page room for it at its end (styles.css).
 */
const actionBarClass =
  'max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:border-t max-sm:border-border max-sm:bg-white max-sm:px-4 max-sm:pt-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:contents';

/**
 * The details page's buttons, each shown only to whom it applies: Verify and Reject for an admin while the donation is
 * Pending, favourites and reviews for anyone signed in once it was verified (a Pending or Rejected donation is not
 * public: DONATION_PUBLIC), Request for a charity while it is Verified, Confirm Pickup for the charity it was accepted
 * for.
 */
export function DonationActions({
  donation,
  onDonationChanged,
  onReviewAdded,
  onDecided,
}: {
  donation: Donation;
  onDonationChanged: () => void;
  onReviewAdded: () => void;
  /** An admin's verdict, once the server has made it. */
  onDecided: (verdict: DonationVerdict) => void;
}) {
  const i18n = useI18n();
  const { user, role, ready } = useSession();
  const location = useLocation();
  const { isFavorite, favoriteId, reload: reloadFavorite, local: localFavorites } = useIsFavorite(donation._id);
  const { request: ownRequest, reload: reloadOwnRequest } = useOwnRequest(donation._id);
  // A pickup carries its charity's e-mail, which is a driver's own on none (ADR 018): the organisation's is asked for;
  // offline and not yet known, the account's own stands in (a founder's is the charity's).
  const organisation = useApi(role === 'charity' ? myOrganisationPath : null);
  const isOwnPickup = role === 'charity' && isGivenTo(donation, organisation.data?.email ?? user?.email);
  const pickupEntry = usePickupEntry(donation._id, isOwnPickup);
  const [dialog, setDialog] = useState<'request' | 'review' | null>(null);
  const [saving, setSaving] = useState(false);

  if (!ready) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row" aria-hidden>
        <Skeleton className="h-11 w-full sm:w-44" />
        <Skeleton className="h-11 w-full sm:w-36" />
      </div>
    );
  }

  const isPublic = DONATION_PUBLIC.includes(donation.status);

  if (!user) {
    // Only a verified donation reaches a visitor; one still Pending has nothing for them to save.
    if (!isPublic) return null;
    return (
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-brand-900">{i18n._('details.logInToAct')}</p>
        <Link to="/login" search={{ redirect: location.href }} className={cn(buttonVariants({ variant: 'outline' }), actionClass, 'shrink-0')}>
          <Heart aria-hidden /> {i18n._('details.saveFavorite')}
        </Link>
      </div>
    );
  }

  // The server refuses an expired donation (409); the page does not offer what would be refused.
  const canRequest = role === 'charity' && donation.status === 'Verified' && !ownRequest && !isPast(donation.bestBefore);
  const waiting = pickupEntry?.state === 'pending';
  const canConfirmPickup = isOwnPickup && PICKUP_CONFIRMABLE.includes(donation.status) && !waiting;
  const canJudge = role === 'admin' && donation.status === 'Pending';
  const note = canJudge ? reverifyNote(i18n, donation) : undefined;
  const signedInUser = user;

  async function save() {
    setSaving(true);
    try {
      if (localFavorites) {
        // Saved on the device at once; push replication sends it now or when the connection returns, and tells the
        // user if the server kept something else.
        await saveFavoriteLocally(donation, signedInUser.email);
        notify.success(i18n._('details.saved'), isOnline() ? undefined : i18n._('details.savedOffline'));
      } else {
        await saveFavorite(donation._id);
        notify.success(i18n._('details.saved'));
      }
    } catch {
      notify.error(i18n._('details.saveFailed'));
    } finally {
      setSaving(false);
      reloadFavorite();
    }
  }

  // No confirmation: unlike the Favorites page, the page it was saved from is still here to save it again.
  async function unsave(id: string) {
    setSaving(true);
    try {
      if (localFavorites) await removeFavoriteLocally(id);
      else await removeFavorite(id);
      notify.success(i18n._('details.removed'), i18n._('details.removedDetail', { title: donation.title }));
    } catch {
      notify.error(i18n._('details.removeFailed'));
    } finally {
      setSaving(false);
      reloadFavorite();
    }
  }

  // The same report (and photos) as My Pickups asks for; the dialog keeps what was entered and says why when this throws.
  async function confirm(report: PickupReport, photos: ResizedPhoto[]) {
    try {
      const result = await confirmPickupWithPhotos(donation._id, donation.title, report, photos);
      if ('sent' in result) onDonationChanged();
    } catch (err) {
      // A conflict means the donation moved on (already picked, withdrawn): show where it stands now.
      if (err instanceof ApiError && err.status === 409) onDonationChanged();
      // The dialog shows this message: the server's own reason for a refusal, never a raw server error.
      throw new Error(serverDetail(err) ?? i18n._('common.tryAgainLater'));
    }
  }

  return (
    <>
      {note && <p className="mb-3 text-sm text-amber-800">{note}</p>}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {canJudge && <DonationVerdictButtons donation={donation} onDecided={onDecided} triggerClassName={cn(actionClass, 'px-4 text-sm sm:min-h-10')} />}
        {ownRequest && donation.status === 'Verified' && (
          <p className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-50 px-4 text-sm font-medium text-brand-900 sm:min-h-10">
            <CircleCheck aria-hidden className="size-4" /> {i18n._('details.requested', { status: requestStatusLabel(i18n, ownRequest.status) })}
          </p>
        )}
        {(canRequest || canConfirmPickup) && (
          <div data-action-bar className={actionBarClass}>
            {canRequest && (
              <Button
                className={actionClass}
                onClick={() => setDialog('request')}
                onPointerEnter={() => void loadRequestDialog()}
                onFocus={() => void loadRequestDialog()}
              >
                <HandHeart aria-hidden /> {i18n._('details.requestDonation')}
              </Button>
            )}
            {canConfirmPickup && (
              <PickupReportDialog
                donation={{ _id: donation._id, title: donation.title, quantity: donation.quantity, unit: donation.unit }}
                triggerClassName={actionClass}
                onConfirm={confirm}
              />
            )}
          </div>
        )}
        {waiting && donation.status !== 'Picked' && <WaitingToSync className={actionClass} />}
        {isOwnPickup && <PhotosWaiting donationId={donation._id} className={actionClass} />}
        {!isPublic ? null : isFavorite && favoriteId ? (
          <Button variant="outline" className={actionClass} onClick={() => void unsave(favoriteId)} disabled={saving}>
            <Heart aria-hidden className="fill-red-600 text-red-600" /> {saving ? i18n._('details.removing') : i18n._('details.removeFavorite')}
          </Button>
        ) : isFavorite ? (
          <Button variant="outline" className={actionClass} disabled>
            <Heart aria-hidden className="fill-red-600 text-red-600" /> {i18n._('details.savedToFavorites')}
          </Button>
        ) : (
          <Button variant="outline" className={actionClass} onClick={() => void save()} disabled={saving}>
            <Heart aria-hidden /> {saving ? i18n._('details.saving') : i18n._('details.saveFavorite')}
          </Button>
        )}
        {isPublic && (
          <Button
            variant="outline"
            className={actionClass}
            onClick={() => setDialog('review')}
            onPointerEnter={() => void loadReviewDialog()}
            onFocus={() => void loadReviewDialog()}
          >
            <Star aria-hidden /> {i18n._('details.addReview')}
          </Button>
        )}
      </div>

      {pickupEntry?.state === 'refused' && (
        <PickupRefusal
          className="mt-4"
          title={pickupEntry.title ?? donation.title}
          reason={pickupEntry.refusal ?? i18n._('details.pickupRefused')}
          onDismiss={() => void dismissPickupRefusal(pickupEntry.id)}
        />
      )}
      {isOwnPickup && <PhotoRefusals donationId={donation._id} className="mt-4" />}

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
