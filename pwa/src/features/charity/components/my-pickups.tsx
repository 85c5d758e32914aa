import { memo, useMemo, useRef, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { PICKUP_REPORT_CORRECTION_DAYS, type PickupReport } from '@foodbridge/shared/schemas/impact';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { isOfflineError, OfflineNotice, PickupRefusal, SyncStatus, WaitingToSync } from '@/components/sync-status';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { useStableHandler } from '@/components/virtual-grid';
import { ApiError } from '@/lib/api-client';
import { useConnectivity } from '@/lib/connectivity-store';
import { dismissPickupRefusal, usePickupOutbox } from '@/lib/db/pickup-outbox';
import { confirmPickupWithPhotos } from '@/lib/db/photo-outbox';
import { PhotoRefusals, PhotosWaiting } from '@/components/pickup-photos-status';
import { useSyncStore } from '@/lib/db/sync-store';
import type { ResizedPhoto } from '@/lib/photos/resize';
import { usePickupPlans, usePickups, usePickupTeam } from '../hooks';
import { PickupCard, PickupGrid, samePlan, type PickupPlan } from './pickup-card';
import { DriverPickups, type ConfirmPickup, type RowOf } from './driver-pickups';
import { AssignSelect, HolderLine, TakeButton } from './pickup-holder';
import { UndoPickupButton } from './undo-pickup-button';
import { TodaysRoute } from './todays-route';
import { PickupReportDialog } from '@/components/pickup-report-dialog';
import { ConversationButton } from '@/components/conversation/conversation-button';
import { useOwnConversation } from '@/lib/db/conversations';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { readDonation } from '../api';
import { correctPickupReport, fetchPickupReport, isReportCorrectable } from '../pickup-report-correction';
import {
  asSeenBy,
  cardOffers,
  isConfirmable,
  refusalOf,
  withHolderChange,
  type HolderChange,
  type PickupViewer,
} from '../pickup-team';
import { useCardFocus } from '../use-card-focus';
import { usePickupsSnapshot } from '../pickups-snapshot';
import { useSession } from '@/lib/auth/session-store';

/** What a card's controls report to the page; one stable object, so that the memoised cards keep still. */
interface CardActions {
  confirm: ConfirmPickup;
  taken: (item: PickupItem, donation: Donation) => void;
  takeRefused: (item: PickupItem, err: unknown) => void;
  assigned: (item: PickupItem, donation: Donation) => void;
  assignFailed: (item: PickupItem, err: unknown) => void;
  undone: (item: PickupItem) => void;
  undoFailed: (item: PickupItem, err: unknown) => void;
}

export function MyPickups() {
  const i18n = useI18n();
  const { viewer, charityEmail } = usePickupTeam();
  const account = useSession((s) => s.user?.id);
  // Until the local store answers, the list as it last showed (a new window draws at once on a slow phone).
  const shown = usePickupsSnapshot(account, charityEmail, usePickups(undefined, charityEmail), usePickupPlans(charityEmail));
  const { data, error, loading, reload } = shown.read;
  const { plans } = shown;
  const { waiting, refused } = usePickupOutbox();
  const confirmedHere = useSyncStore((s) => s.confirmed);
  const online = useConnectivity((s) => s.online);
  // Claims and assignments the server answered, shown until replication brings them (see withHolderChange).
  const [changes, setChanges] = useState<ReadonlyMap<string, HolderChange>>(() => new Map());
  const [said, setSaid] = useState({ text: '', n: 0 });
  const say = (text: string) => setSaid((s) => ({ text, n: s.n + 1 }));
  const remember = (donation: Donation) => setChanges((all) => new Map(all).set(donation._id, donation));

  const confirm = useStableHandler(async (item: PickupItem, report: PickupReport, photos?: ResizedPhoto[]) => {
    // Written to the outbox first, with its report (and its photos to theirs), so the confirmation survives no signal,
    // a reload or a closed app; the card shows 'Waiting to sync' until the server answers, and the outbox reports it.
    const result = await confirmPickupWithPhotos(item._id, item.donationTitle, report, photos);
    if ('sent' in result) reload();
  });
  const taken = useStableHandler((item: PickupItem, donation: Donation) => {
    remember(donation);
    const text = i18n._('charity.take.done', { title: item.donationTitle });
    notify.success(text);
    say(text);
  });
  const takeRefused = useStableHandler((item: PickupItem, err: unknown) => {
    const reason = refusalOf(err, i18n._('common.tryAgainLater'));
    notify.error(i18n._('charity.take.failed', { title: item.donationTitle }), reason);
    say(reason);
    // Someone was first (or it was collected meanwhile): the card follows the server now rather than at the next pull.
    if (err instanceof ApiError && err.status === 409) {
      readDonation(item._id).then(remember, () => undefined);
      reload();
    }
  });
  const assigned = useStableHandler((item: PickupItem, donation: Donation) => {
    remember(donation);
    const values = { title: item.donationTitle, name: donation.assigneeName ?? '' };
    const text = donation.assigneeName ? i18n._('charity.assign.done', values) : i18n._('charity.assign.doneNobody', values);
    notify.success(text);
    say(text);
  });
  const assignFailed = useStableHandler((item: PickupItem, err: unknown) => {
    const reason = refusalOf(err, i18n._('common.tryAgainLater'));
    notify.error(i18n._('charity.assign.failed', { title: item.donationTitle }), reason);
    say(reason);
  });
  const undone = useStableHandler((item: PickupItem) => {
    const text = i18n._('charity.undo.done', { title: item.donationTitle });
    notify.success(text);
    say(text);
    reload();
  });
  const undoFailed = useStableHandler((item: PickupItem, err: unknown) => {
    const reason = refusalOf(err, i18n._('common.tryAgainLater'));
    notify.error(i18n._('charity.undo.failed', { title: item.donationTitle }), reason);
    say(reason);
  });
  const actions = useMemo<CardActions>(
    () => ({ confirm, taken, takeRefused, assigned, assignFailed, undone, undoFailed }),
    [confirm, taken, takeRefused, assigned, assignFailed, undone, undoFailed],
  );

  const items =
    viewer && data
      ? data.map((item) => asSeenBy(withHolderChange(item, changes.get(item._id)), viewer, waiting.has(item._id) || Boolean(confirmedHere[item._id])))
      : undefined;
  const row = (item: PickupItem, i: number, onConfirm = actions.confirm) =>
    viewer && (
      <PickupRow
        item={item}
        plan={plans.get(item._id)}
        waiting={waiting.has(item._id)}
        eager={i < 3}
        viewer={viewer}
        online={online}
        actions={actions}
        onConfirm={onConfirm}
      />
    );

  let body;
  if ((loading && !data) || !viewer) body = <CardGridSkeleton count={3} />;
  else if (error && !data && isOfflineError(error)) body = <OfflineNotice />;
  else if (error && !data) body = <ErrorState message={i18n._('charity.pickups.loadFailed')} onRetry={reload} />;
  else if (viewer.kind === 'driver') body = <DriverPickups items={items ?? []} userId={viewer.userId} row={row} onConfirm={confirm} say={say} />;
  else if (!items?.length) body = <EmptyState message={i18n._('charity.pickups.empty')} />;
  else body = <AllPickups items={items} row={row} />;

  return (
    <section>
      <PageHeader title={i18n._('charity.pickups.title')} description={i18n._('charity.pickups.description')} />
      <SyncStatus />
      {/* Always in the page, so that a screen reader hears each result as it is written in; toasts show it. */}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {said.text && <p key={said.n}>{said.text}</p>}
      </div>
      {refused.length > 0 && (
        <ul className="mb-6 flex flex-col gap-3" aria-label={i18n._('charity.pickups.refusedList')}>
          {refused.map((entry) => (
            <li key={entry.id}>
              <PickupRefusal
                title={entry.title ?? i18n._('charity.pickups.aDonation')}
                reason={entry.refusal ?? i18n._('charity.pickups.refused')}
                onDismiss={() => void dismissPickupRefusal(entry.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <PhotoRefusals className="mb-6" />
      {viewer && items && (
        <TodaysRoute items={items} plans={plans} waiting={waiting} driverId={viewer.kind === 'driver' ? viewer.userId : undefined} />
      )}
      {body}
    </section>
  );
}

/** A coordinator's page (and one whose role is not known here): every pickup of the charity. */
function AllPickups({ items, row }: { items: PickupItem[]; row: RowOf }) {
  const list = useRef<HTMLDivElement>(null);
  useCardFocus(list, items, () => null);
  return (
    <div ref={list}>
      <PickupGrid items={items} renderItem={row} />
    </div>
  );
}

interface PickupRowProps {
  item: PickupItem;
  plan: PickupPlan | undefined;
  waiting: boolean;
  eager: boolean;
  viewer: PickupViewer;
  online: boolean;
  actions: CardActions;
  onConfirm: ConfirmPickup;
}

// One card per pickup object (kept while its donation is unchanged) and plan: a change re-renders its card alone.
const PickupRow = memo(
  function PickupRow({ item, plan, waiting, eager, viewer, online, actions, onConfirm }: PickupRowProps) {
    const i18n = useI18n();
    const confirmable = isConfirmable(item.status);
    const offers = cardOffers(item, viewer, waiting);
    return (
      <PickupCard item={item} plan={plan} eager={eager} holder={<HolderLine item={item} userId={viewer.userId} />}>
        {confirmable && waiting ? (
          <WaitingToSync />
        ) : confirmable ? (
          <>
            {offers.take && <TakeButton item={item} online={online} onTaken={actions.taken} onRefused={actions.takeRefused} />}
            {offers.assign && viewer.kind === 'coordinator' && viewer.members && (
              <AssignSelect
                item={item}
                members={viewer.members}
                userId={viewer.userId}
                online={online}
                onAssigned={actions.assigned}
                onFailed={actions.assignFailed}
              />
            )}
            {offers.confirm && (
              <PickupReportDialog
                donation={{ _id: item._id, title: item.donationTitle, quantity: item.quantity, unit: item.unit }}
                triggerClassName="min-h-11 w-full sm:min-h-10"
                onConfirm={(report, photos) => onConfirm(item, report, photos)}
              />
            )}
          </>
        ) : (
          <>
            <p className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-50 text-sm font-semibold text-brand-900 sm:min-h-10">
              <CheckCircle2 className="size-4" aria-hidden /> {i18n._('charity.pickups.confirmed')}
            </p>
            <UndoPickupButton item={item} online={online} onUndone={actions.undone} onFailed={actions.undoFailed} />
            {isReportCorrectable(item) && <CorrectReport item={item} />}
          </>
        )}
        <PhotosWaiting donationId={item._id} />
        <PickupMessages item={item} />
      </PickupCard>
    );
  },
  (a, b) =>
    a.item === b.item &&
    a.waiting === b.waiting &&
    a.eager === b.eager &&
    a.viewer === b.viewer &&
    a.online === b.online &&
    a.actions === b.actions &&
    a.onConfirm === b.onConfirm &&
    samePlan(a.plan, b.plan),
);

/**
 * 'Messages' with the restaurant: the charity's request on this donation is the conversation (a pickup carries the
 * donation, not the request; the data layer finds the request). Nothing until it is known.
 */
function PickupMessages({ item }: { item: PickupItem }) {
  const conversation = useOwnConversation(item._id);
  if (!conversation) return null;
  return (
    <ConversationButton
      requestId={conversation.requestId}
      donationId={item._id}
      title={item.donationTitle}
      counterpart={item.restaurantName}
      unread={conversation.unread}
      className="min-h-11 w-full sm:min-h-10"
    />
  );
}

/** 'Correct report' for a pickup of the last 7 days: the report dialog, started from the stored report, sent online. */
function CorrectReport({ item }: { item: PickupItem }) {
  const i18n = useI18n();
  return (
    <PickupReportDialog
      donation={{ _id: item._id, title: item.donationTitle, quantity: item.quantity, unit: item.unit }}
      triggerClassName="mt-2 min-h-11 w-full sm:min-h-10"
      texts={{
        trigger: i18n._('charity.correct.trigger'),
        busy: i18n._('charity.correct.busy'),
        title: i18n._('charity.correct.title'),
        description: i18n._('charity.correct.description', { title: item.donationTitle, days: PICKUP_REPORT_CORRECTION_DAYS }),
        submit: i18n._('charity.correct.submit'),
        cancel: i18n._('charity.correct.cancel'),
        failure: i18n._('charity.correct.failure'),
      }}
      loadInitial={() => fetchPickupReport(item._id)}
      onConfirm={async (report) => {
        await correctPickupReport(item._id, report);
        notify.success(i18n._('charity.correct.done'));
      }}
    />
  );
}
