import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, CalendarClock, ClipboardList, HandHeart, Info, MapPin, MessageSquareText, Scale, SearchX, Store, Tag } from 'lucide-react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { BestBeforeLabel } from '@/components/best-before-label';
import { ConversationButton } from '@/components/conversation/conversation-button';
import { ConversationPanel } from '@/components/conversation/conversation-panel';
import { DonationImage, DonationStatusBadge, formatQuantity } from '@/components/donation-card';
import { FoodSafety } from '@/components/food-safety';
import { PickupPhotosSection } from '@/components/pickup-photos';
import type { DonationVerdict } from '@/components/donation-verdict';
import { StatusBadge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isOfflineError, OfflineNotice, SyncStatus } from '@/components/sync-status';
import { ErrorState } from '@/components/ui/states';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { useDonationConversations } from '@/lib/db/conversations';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel, requestStatusLabel } from '@/lib/labels';
import { useDonation, useDonationReviews } from '../hooks/use-donation';
import { DonationActions } from './donation-actions';
import { DonationTimeline } from './donation-timeline';
import { ReviewsList } from './reviews-list';

const DETAIL_WIDTHS = [480, 640, 960, 1280] as const;
/** A donation given to a charity: its pickup may have photos (added while it is under way, or once done). */
const HAS_PICKUP: readonly Donation['status'][] = ['Accepted', 'Assigned', 'Picked'];

/** An admin's verdict given on this page, on the donation as it was (its `updatedAt`) when given. */
interface Decided {
  status: DonationVerdict;
  of: string;
}

/**
 * The donation with the admin's verdict shown at once: the device's copy follows by replication a moment later, and an
 * online copy is read again; either way, once the copy has moved on (a new `updatedAt`), it is shown as it is.
 */
export function withVerdict(donation: Donation | undefined, decided: Decided | undefined): Donation | undefined {
  if (!donation || !decided || donation.status !== 'Pending' || donation.updatedAt !== decided.of) return donation;
  return { ...donation, status: decided.status };
}

export function DonationDetailsPage({ id, from }: { id: string; from?: 'manageDonations' }) {
  const i18n = useI18n();
  const donation = useDonation(id);
  const { error, loading, reload } = donation;
  const [decided, setDecided] = useState<Decided>();
  const data = withVerdict(donation.data, decided);
  const reviews = useDonationReviews(data?._id);
  // Conversations are between the restaurant and the charities that asked, read by admins (issue 48).
  const talks = useSession((s) => Boolean(s.user) && (s.role === 'restaurant' || s.role === 'charity' || s.role === 'admin'));

  let body: ReactNode;
  if (loading && !data) body = <DetailsSkeleton />;
  // A malformed id (400) is as unknown to the visitor as a missing one; so is a donation they may not see (404).
  else if (error && !data && error instanceof ApiError && (error.status === 404 || error.status === 400)) body = <NotFound />;
  // Offline, and the device has no copy of this donation (not one this account replicates).
  else if (error && !data && isOfflineError(error)) body = <OfflineNotice />;
  else if (error && !data) body = <ErrorState message={i18n._('details.failed')} onRetry={reload} />;
  else if (data) {
    body = (
      <>
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <DonationImage
            url={data.image}
            alt={data.title}
            width={960}
            height={720}
            widths={DETAIL_WIDTHS}
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
            priority
            className="aspect-[4/3] w-full rounded-[var(--radius-card)] border border-border shadow-sm"
          />
          <div className="flex flex-col gap-6">
            <div className="flex flex-col gap-3">
              <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl lg:text-4xl">{data.title}</h1>
              <p className="flex flex-col gap-1.5 text-stone-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
                <span className="inline-flex items-center gap-2">
                  <Store className="size-4 shrink-0 text-brand-700" aria-hidden />
                  <span className="sr-only">{i18n._('details.restaurantLabel')} </span>
                  {data.restaurantName}
                </span>
                <span className="inline-flex items-center gap-2">
                  <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden />
                  <span className="sr-only">{i18n._('details.locationLabel')} </span>
                  {data.location}
                </span>
              </p>
              {data.bestBefore && <BestBeforeLabel bestBefore={data.bestBefore} className="text-base" />}
            </div>

            <dl className="grid grid-cols-2 gap-3">
              <Fact icon={<Tag />} label={i18n._('details.foodType')}>
                {foodTypeLabel(i18n, data.foodType)}
              </Fact>
              <Fact icon={<Scale />} label={i18n._('details.quantity')}>
                {formatQuantity(data.quantity, data.unit, i18n)}
              </Fact>
              <Fact icon={<CalendarClock />} label={i18n._('details.pickupWindow')}>
                {data.pickupTime?.trim() || i18n._('common.notSpecified')}
              </Fact>
              <Fact icon={<Info />} label={i18n._('details.status')}>
                <DonationStatusBadge donation={data} />
              </Fact>
              <Fact icon={<ClipboardList />} label={i18n._('foodSafety.label')} wide>
                <FoodSafety facts={data} variant="full" />
              </Fact>
              {data.restaurantNote && (
                <Fact icon={<MessageSquareText />} label={i18n._('details.pickupNote')} wide>
                  <span className="whitespace-pre-line break-words">
                    <bdi>{data.restaurantNote}</bdi>
                  </span>
                </Fact>
              )}
              {data.charityName && (
                <Fact icon={<HandHeart />} label={i18n._('details.charity')} wide>
                  {data.charityName}
                </Fact>
              )}
            </dl>

            <DonationActions
              donation={data}
              onDonationChanged={reload}
              onReviewAdded={reviews.reload}
              onDecided={(status) => {
                setDecided({ status, of: data.updatedAt });
                reload();
              }}
            />
          </div>
        </div>
        {talks && <DonationMessages donationId={data._id} title={data.title} />}
        {/* The same three see the pickup's photos (the server says no to a restaurant or charity not concerned). */}
        {talks && HAS_PICKUP.includes(data.status) && <PickupPhotosSection donationId={data._id} />}
        <ReviewsList reviews={reviews} />
        <DonationTimeline donationId={data._id} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      {/* Back where the page was opened from: an admin checking donations returns to the ones still waiting. */}
      <Link to={from === 'manageDonations' ? '/dashBoard/manageDonations' : '/allDonations'} className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} -ms-3 mb-4`}>
        <ArrowLeft aria-hidden className="rtl:-scale-x-100" /> {from === 'manageDonations' ? i18n._('details.backToManageDonations') : i18n._('details.back')}
      </Link>
      <SyncStatus />
      {body}
    </div>
  );
}

/**
 * The conversations on this donation the viewer may open: a charity's own, shown in the page; a restaurant's or an
 * admin's, one per charity that asked, each opened in a dialog. Nothing while they are read, or when there are none.
 */
function DonationMessages({ donationId, title }: { donationId: string; title: string }) {
  const i18n = useI18n();
  const role = useSession((s) => s.role);
  const conversations = useDonationConversations(donationId);
  if (!conversations?.length) return null;
  const own = role === 'charity' ? conversations[0] : undefined;
  return (
    <section aria-labelledby="donation-messages" className="mt-10 flex max-w-3xl flex-col gap-3">
      <h2 id="donation-messages" className="text-xl font-bold text-stone-900">
        {i18n._('details.messages')}
      </h2>
      {own ? (
        <div className="rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm">
          <ConversationPanel requestId={own.requestId} donationId={donationId} />
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{i18n._('details.messagesIntro')}</p>
          <ul className="flex flex-col gap-2">
            {conversations.map((c) => (
              <li key={c.requestId} className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-white p-3">
                <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
                  <span className="break-words font-medium text-stone-900">{c.charityName}</span>
                  <StatusBadge status={c.status} label={requestStatusLabel(i18n, c.status)} />
                </div>
                <ConversationButton requestId={c.requestId} donationId={donationId} title={title} counterpart={c.charityName} unread={c.unread} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Fact({ icon, label, children, wide }: { icon: ReactNode; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`rounded-lg border border-border bg-white p-3.5 ${wide ? 'col-span-2' : ''}`}>
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <span aria-hidden className="text-brand-700 [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 break-words font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function NotFound() {
  const i18n = useI18n();
  return (
    <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-border bg-white px-6 py-16 text-center">
      <SearchX className="size-12 text-stone-400" aria-hidden />
      <h1 className="text-2xl font-bold text-stone-900">{i18n._('details.notFound')}</h1>
      <p className="max-w-sm text-muted-foreground">{i18n._('details.notFoundDetail')}</p>
      <Link to="/allDonations" className={buttonVariants()}>
        {i18n._('details.browseAll')}
      </Link>
    </div>
  );
}

function DetailsSkeleton() {
  const i18n = useI18n();
  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-12" role="status" aria-busy="true" aria-label={i18n._('details.loading')}>
      <Skeleton className="aspect-[4/3] w-full rounded-[var(--radius-card)]" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <div className="grid grid-cols-2 gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
        <Skeleton className="h-11 w-44" />
      </div>
    </div>
  );
}
