import { memo, useState, type ReactElement, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, MapPin, MessageSquareQuote, Package, Pencil, Plus, Scale, Trash2 } from 'lucide-react';
import { DONATION_GIVEN } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { AddToCalendarButton } from '@/components/add-to-calendar-button';
import { RatingLine } from '@/components/rating-line';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { BestBeforeLabel } from '@/components/best-before-label';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { useStableHandler, VirtualGrid } from '@/components/virtual-grid';
import { ExportPanel } from '@/components/export-panel';
import { useSession } from '@/lib/auth/session-store';
import { ApiError, apiPath, imageUrl } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel, quantityLabel } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { formatDate } from '@/lib/utils';
import { deleteDonation } from './api';
import { canChangeQuantity, canDelete, canEdit, lockReason } from './donation-status';
import { QuantityChangeDialog } from './quantity-change-dialog';

/** My Donations: the restaurant's own donations with Update and Delete. */
export function MyDonations() {
  const i18n = useI18n();
  const email = useSession((s) => s.user?.email?.toLowerCase());
  const { data, error, loading, reload, setData } = useApi(apiPath('GET /donations'));
  const mine = (data ?? []).filter((d) => d.restaurantEmail.toLowerCase() === email);

  const remove = useStableHandler(async (id: string) => {
    try {
      const res = await deleteDonation(id);
      if (!res?.deletedCount) {
        notify.error(i18n._('restaurant.myDonations.errorTitle'), i18n._('restaurant.myDonations.deleteFailed'));
        return;
      }
      setData((list) => list?.filter((d) => d._id !== id));
      notify.success(i18n._('restaurant.myDonations.deletedTitle'), i18n._('restaurant.myDonations.deleted'));
    } catch (err) {
      // A refusal the server explains (e.g. a charity is on its way) is more useful than the generic line.
      const explained = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
      notify.error(i18n._('restaurant.myDonations.errorTitle'), explained ? err.message : i18n._('restaurant.myDonations.deleteError'));
    }
  });

  const add = (
    <Link to="/dashBoard/addDonation" className={buttonVariants()}>
      <Plus /> {i18n._('restaurant.myDonations.add')}
    </Link>
  );

  let body: ReactNode;
  if (loading && !data) body = <CardGridSkeleton count={3} />;
  else if (error) body = <ErrorState message={i18n._('restaurant.myDonations.loadFailed')} onRetry={reload} />;
  else if (mine.length === 0) body = <EmptyState message={i18n._('restaurant.myDonations.empty')}>{add}</EmptyState>;
  else
    body = (
      <VirtualGrid
        items={mine}
        getKey={donationKey}
        renderItem={(d, i) => <DonationCard donation={d} eager={i < 3} onDelete={remove} onChanged={reload} />}
        estimateRowHeight={470}
        columns={{ base: 1, sm: 2, xl: 3 }}
        gap={24}
      />
    );

  return (
    <section>
      <PageHeader title={i18n._('restaurant.myDonations.title')} description={i18n._('restaurant.myDonations.description')}>
        {mine.length > 0 && add}
      </PageHeader>
      {/* The restaurant's record of what it gave and what became of it, for its tax receipts. */}
      {mine.length > 0 && <ExportPanel kinds={['donations']} />}
      {body}
    </section>
  );
}

const donationKey = (d: Donation) => d._id;

// Memoised with a stable onDelete: a changed donation re-renders its own card, not the restaurant's whole history.
export const DonationCard = memo(function DonationCard({
  donation: d,
  eager,
  onDelete,
  onChanged,
}: {
  donation: Donation;
  eager: boolean;
  onDelete: (id: string) => Promise<void>;
  /** After a change the card cannot show by itself (a new quantity): the list is read again. */
  onChanged: () => void;
}) {
  const i18n = useI18n();
  const editable = canEdit(d);
  const deletable = canDelete(d);
  const [changingQuantity, setChangingQuantity] = useState(false);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[16/10] bg-stone-100">
        <img
          src={imageUrl(d.image, 480)}
          alt={d.title}
          width={480}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          className="size-full object-cover"
        />
        <StatusBadge status={d.status} className="absolute start-3 top-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 className="text-lg font-semibold leading-snug text-stone-900">{d.title}</h2>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge tone="amber">{foodTypeLabel(i18n, d.foodType)}</Badge>
            <span className="text-xs text-muted-foreground">{i18n._('restaurant.myDonations.added', { date: formatDate(d.createdAt, i18n) })}</span>
          </div>
        </div>
        <dl className="space-y-1.5 text-sm text-stone-700">
          <Row icon={<Package />} label={i18n._('restaurant.myDonations.quantity')}>
            {quantityLabel(i18n, d.quantity, d.unit)}
          </Row>
          {d.status === 'Picked' && <CollectedRow donationId={d._id} />}
          <Row icon={<CalendarClock />} label={i18n._('restaurant.myDonations.pickupTime')}>
            {d.pickupTime}
          </Row>
          <Row icon={<MapPin />} label={i18n._('restaurant.myDonations.location')}>
            {d.location}
          </Row>
        </dl>
        {/* Until it is given, so the restaurant sees what expired and can extend it (Update) or delete it. */}
        {!DONATION_GIVEN.includes(d.status) && <BestBeforeLabel bestBefore={d.bestBefore} className="text-sm" />}
        {!editable && <p className="text-sm text-stone-600">{lockReason(i18n, d)}</p>}
        {DONATION_GIVEN.includes(d.status) && <DonationReviews donation={d} />}
        <div className="mt-auto flex gap-2 pt-2">
          {/* An accepted pickup with a window, to put in the kitchen's calendar (neither editable nor deletable then). */}
          <AddToCalendarButton donation={d} className={`${buttonVariants({ variant: 'outline', size: 'sm' })} flex-1`} />
          {canChangeQuantity(d) && (
            <Button variant="outline" size="sm" className="flex-1" aria-label={i18n._('restaurant.quantity.open', { title: d.title })} onClick={() => setChangingQuantity(true)}>
              <Package /> {i18n._('restaurant.quantity.button')}
            </Button>
          )}
          {editable && (
            <Link to="/edit-donation/$id" params={{ id: d._id }} className={`${buttonVariants({ variant: 'outline', size: 'sm' })} flex-1`}>
              <Pencil /> {i18n._('restaurant.myDonations.update')}
            </Link>
          )}
          {deletable && (
            <ConfirmButton
              title={i18n._('restaurant.myDonations.deleteConfirmTitle')}
              description={i18n._('restaurant.myDonations.deleteConfirmText')}
              confirmLabel={i18n._('restaurant.myDonations.deleteConfirm')}
              onConfirm={() => void onDelete(d._id)}
              triggerClassName="flex-1 text-destructive hover:bg-red-50"
            >
              <Trash2 /> {i18n._('restaurant.myDonations.delete')}
            </ConfirmButton>
          )}
        </div>
      </div>
      {changingQuantity && <QuantityChangeDialog donation={d} onOpenChange={(open) => !open && setChangingQuantity(false)} onSubmitted={onChanged} />}
    </Card>
  );
});

/**
 * What the charity reported collecting (issue 50): "18.5 kg, all of it" beside the listed quantity, read when the
 * card is drawn (the list draws only the cards on screen). Nothing while it loads, or when no report was made.
 */
function CollectedRow({ donationId }: { donationId: string }) {
  const i18n = useI18n();
  const report = useApi(apiPath('GET /donations/{id}/pickup-report', { params: { id: donationId } })).data?.report;
  if (!report) return null;
  const weight = quantityLabel(i18n, report.weightKg, 'kg');
  return (
    <Row icon={<Scale />} label={i18n._('restaurant.myDonations.collected')}>
      <span data-testid="collected">{i18n._('restaurant.myDonations.collectedValue', { outcome: report.outcome, weight })}</span>
    </Row>
  );
}

/**
 * What the charity (and anyone else) said about a donation once it was given: the same reviews as its details page,
 * with rating, words and who wrote them. Read for given donations only, the ones a charity has received.
 */
function DonationReviews({ donation }: { donation: Donation }) {
  const i18n = useI18n();
  const { data, error } = useApi(apiPath('GET /reviews/{donationId}', { params: { donationId: donation._id } }));
  const reviews = data ?? [];
  if (error) return <p className="text-sm text-muted-foreground">{i18n._('restaurant.myDonations.reviewsFailed')}</p>;
  if (reviews.length === 0 && !donation.review) return null;
  return (
    <section aria-label={i18n._('restaurant.myDonations.reviewsOf', { title: donation.title })} className="flex flex-col gap-2" data-testid="donation-reviews">
      {reviews.map((r) => (
        <figure key={r._id} className="rounded-lg bg-muted p-3 text-sm">
          <figcaption className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span className="flex items-center gap-1 font-semibold text-stone-800">
              <MessageSquareQuote className="size-3.5" aria-hidden /> {r.reviewerName}
            </span>
            <RatingLine rating={r.rating} />
            <span>{formatDate(r.createdAt, i18n)}</span>
          </figcaption>
          <blockquote className="whitespace-pre-line break-words text-stone-800">{r.description}</blockquote>
        </figure>
      ))}
      {donation.review && (
        // A charity's note from before reviews had a rating, kept on the donation itself.
        <figure className="rounded-lg bg-muted p-3 text-sm">
          <figcaption className="mb-1 flex items-center gap-1 text-xs font-semibold text-stone-800">
            <MessageSquareQuote className="size-3.5" aria-hidden /> {donation.charityName ?? i18n._('restaurant.myDonations.theCharity')}
            {donation.reviewedAt && <span className="font-normal text-muted-foreground">· {formatDate(donation.reviewedAt, i18n)}</span>}
          </figcaption>
          <blockquote className="whitespace-pre-line break-words text-stone-800">{donation.review}</blockquote>
        </figure>
      )}
    </section>
  );
}

function Row({ icon, label, children }: { icon: ReactElement; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-start gap-2 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-stone-500">
        {icon}
        <span className="min-w-0 break-words">{children}</span>
      </dd>
    </div>
  );
}
