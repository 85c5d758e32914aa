import type { I18n } from '@lingui/core';
import { Check, UserX, X } from 'lucide-react';
import type { DonationRequestListItem as DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { ConversationButton } from '@/components/conversation/conversation-button';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { RecordCard, RecordList, type Column } from '@/components/record-list';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/email-text';
import { useI18n } from '@/lib/i18n/i18n';
import { dayTime, outcomeText, requestBadge, wasPickedUp } from '@/lib/request-words';
import { notify } from '@/lib/notify';
import { apiPath } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import { useUnreadMessages } from '@/lib/db/conversations';
import { useRowAction } from '@/lib/use-row-action';
import { formatDate } from '@/lib/utils';
import { acceptRequest, markNotCollected, rejectRequest } from './api';

type Action = 'accept' | 'reject' | 'notCollected';

/**
 * Whether the restaurant may say nobody collected an accepted request's donation: still waiting for its pickup, and
 * its window (or, without one, its best before) over; without either, whenever it stops waiting. The server decides.
 */
export function mayMarkNotCollected(r: Pick<DonationRequest, 'status' | 'donationStatus' | 'collectBy'>, now: number = Date.now()): boolean {
  if (r.status !== 'Accepted' || (r.donationStatus !== 'Accepted' && r.donationStatus !== 'Assigned')) return false;
  return !r.collectBy || Date.parse(r.collectBy) <= now;
}

/** The question before an accept, which also declines every other pending request for the same donation. */
export function acceptQuestion(i18n: I18n, others: number): { title: string; description: string } {
  if (others === 0) return { title: i18n._('restaurant.requests.acceptTitle'), description: i18n._('restaurant.requests.acceptText') };
  return {
    title: i18n._('restaurant.requests.acceptTitleOthers', { count: others }),
    description: i18n._('restaurant.requests.acceptTextOthers', { count: others }),
  };
}

/** The planned day and time when the charity gave one, else the spec's time of day. */
const pickupText = (i18n: I18n, r: DonationRequest) => (r.pickupAt ? dayTime(i18n, r.pickupAt) : r.pickupTime);

function StatusCell({ request }: { request: DonationRequest }) {
  const i18n = useI18n();
  const outcome = outcomeText(i18n, request);
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge {...requestBadge(i18n, request.status, wasPickedUp(request))} />
      {outcome && (
        <span className="block max-w-32 text-xs font-medium text-stone-700" data-testid="request-outcome">
          {outcome}
        </span>
      )}
    </div>
  );
}

/** Donation Requests: charities' requests for this restaurant's donations, accepted or rejected while Pending. */
export function RequestedDonations() {
  const i18n = useI18n();
  const state = useApi(apiPath('GET /donation-requests'));
  const { busy, run } = useRowAction<{ id: string; action: Action }>();
  // The live count of the device's copy; the list's own (read with it) until the device has one.
  const unread = useUnreadMessages();
  const messages = (r: DonationRequest, className?: string) => (
    <ConversationButton
      requestId={r._id}
      donationId={r.donationId}
      title={r.donationTitle}
      counterpart={r.charityName}
      unread={unread.live ? (unread.byRequest.get(r._id) ?? 0) : (r.unreadMessages ?? 0)}
      className={className}
    />
  );

  const act = (request: DonationRequest, action: Action) =>
    run(
      { id: request._id, action },
      async () => {
        if (action === 'accept') {
          await acceptRequest(request._id);
          notify.success(i18n._('restaurant.requests.acceptedTitle'), i18n._('restaurant.requests.accepted'));
          // The server rejected every other request for this donation: read the list again.
          state.reload();
        } else if (action === 'notCollected') {
          await markNotCollected(request.donationId);
          notify.success(i18n._('restaurant.requests.notCollectedDone', { title: request.donationTitle }));
          // Its request turned down, those an accept turned down Pending again: read the list again.
          state.reload();
        } else {
          await rejectRequest(request._id);
          state.setData((list) => list?.map((r) => (r._id === request._id ? { ...r, status: 'Rejected' } : r)));
          notify.success(i18n._('restaurant.requests.rejectedTitle'), i18n._('restaurant.requests.rejected'));
        }
      },
      action === 'accept'
        ? i18n._('restaurant.requests.acceptFailed')
        : action === 'notCollected'
          ? i18n._('restaurant.requests.notCollectedFailed')
          : i18n._('restaurant.requests.rejectFailed'),
    );

  const othersPending = (r: DonationRequest) =>
    (state.data ?? []).filter((x) => x.donationId === r.donationId && x._id !== r._id && x.status === 'Pending').length;

  const actions = (r: DonationRequest) =>
    r.status === 'Pending' ? (
      // Stacked in the table's narrow last column on laptop widths, so the table needs no sideways scroll.
      <div className="flex gap-2 lg:flex-col 2xl:flex-row">
        <ConfirmButton
          {...acceptQuestion(i18n, othersPending(r))}
          confirmLabel={i18n._('restaurant.requests.acceptConfirm')}
          cancelLabel={i18n._('restaurant.requests.acceptCancel')}
          destructive={false}
          variant="default"
          disabled={busy !== null}
          onConfirm={() => void act(r, 'accept')}
          triggerClassName="flex-1 lg:flex-none"
        >
          <Check /> {busy?.id === r._id && busy.action === 'accept' ? i18n._('restaurant.requests.accepting') : i18n._('restaurant.requests.accept')}
        </ConfirmButton>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act(r, 'reject')} className="flex-1 text-destructive hover:bg-red-50 lg:flex-none">
          <X /> {busy?.id === r._id && busy.action === 'reject' ? i18n._('restaurant.requests.rejecting') : i18n._('restaurant.requests.reject')}
        </Button>
      </div>
    ) : mayMarkNotCollected(r) ? (
      <ConfirmButton
        title={i18n._('restaurant.requests.notCollectedTitle', { title: r.donationTitle })}
        description={i18n._('restaurant.requests.notCollectedText', { charity: r.charityName })}
        confirmLabel={i18n._('restaurant.requests.notCollectedConfirm')}
        cancelLabel={i18n._('restaurant.requests.notCollectedCancel')}
        disabled={busy !== null}
        onConfirm={() => void act(r, 'notCollected')}
        triggerClassName="flex-1 lg:flex-none"
      >
        <UserX /> {busy?.id === r._id && busy.action === 'notCollected' ? i18n._('restaurant.requests.notCollectedBusy') : i18n._('restaurant.requests.notCollected')}
        <span className="sr-only"> {r.donationTitle}</span>
      </ConfirmButton>
    ) : null;

  const columns: Column<DonationRequest>[] = [
    { header: i18n._('restaurant.requests.donation'), cell: (r) => r.donationTitle, className: 'min-w-32 font-medium text-stone-900' },
    {
      header: i18n._('restaurant.requests.charity'),
      cell: (r) => (
        <>
          <div className="font-medium">{r.charityName}</div>
          <div className="text-xs text-muted-foreground">{r.charityEmail}</div>
        </>
      ),
      className: 'min-w-40',
    },
    {
      header: i18n._('restaurant.requests.description'),
      cell: (r) => (
        <p className="line-clamp-3" title={r.requestDescription}>
          {r.requestDescription}
        </p>
      ),
      className: 'min-w-44 max-w-60',
    },
    { header: i18n._('restaurant.requests.pickupTime'), cell: (r: DonationRequest) => pickupText(i18n, r), className: 'whitespace-nowrap' },
    { header: i18n._('restaurant.requests.requested'), cell: (r) => formatDate(r.requestDate, i18n), className: 'whitespace-nowrap' },
    { header: i18n._('restaurant.requests.status'), cell: (r) => <StatusCell request={r} /> },
    {
      header: <span className="sr-only">{i18n._('restaurant.requests.actions')}</span>,
      cell: (r) => (
        <div className="flex flex-col items-start gap-2">
          {actions(r) ?? <span className="block max-w-24 text-sm text-muted-foreground">{i18n._('restaurant.requests.noAction')}</span>}
          {messages(r)}
        </div>
      ),
    },
  ];

  return (
    <RecordList
      title={i18n._('restaurant.requests.title')}
      description={i18n._('restaurant.requests.intro')}
      state={state}
      rows={state.data ?? []}
      columns={columns}
      tableClassName="min-w-[900px]"
      errorMessage={i18n._('restaurant.requests.loadFailed')}
      emptyMessage={i18n._('restaurant.requests.empty')}
      card={(r) => (
        <RecordCard
          title={r.donationTitle}
          badge={<StatusBadge {...requestBadge(i18n, r.status, wasPickedUp(r))} />}
          fields={[
            {
              label: i18n._('restaurant.requests.charity'),
              value: (
                <>
                  {r.charityName}
                  <EmailText email={r.charityEmail} className="block text-xs text-muted-foreground" />
                </>
              ),
            },
            { label: i18n._('restaurant.requests.pickup'), value: pickupText(i18n, r) },
            ...(outcomeText(i18n, r) ? [{ label: i18n._('restaurant.requests.donation'), value: <span data-testid="request-outcome">{outcomeText(i18n, r)}</span> }] : []),
            { label: i18n._('restaurant.requests.requested'), value: formatDate(r.requestDate, i18n) },
          ]}
          note={r.requestDescription}
          actions={
            <>
              {actions(r)}
              {messages(r, 'basis-full')}
            </>
          }
        />
      )}
    />
  );
}
