import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { I18n } from '@lingui/core';
import { HISTORY_KINDS, type HistoryEntry, type HistoryKind } from '@foodbridge/shared/schemas/history';
import { Button } from '@/components/ui/button';
import { Field, Input, NativeSelect } from '@/components/ui/input';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { ExportPanel } from '@/components/export-panel';
import { PickupPhotoDisclosure } from '@/components/pickup-photos';
import { ApiError, apiPath, getPage, type ApiPath } from '@/lib/api-client';
import { describeEntry } from '@/lib/history-words';
import { useI18n } from '@/lib/i18n/i18n';
import { charityRequestStatusLabel, donationStatusLabel, requestStatusLabel, roleLabel } from '@/lib/labels';

const PAGE = 50;
/** '25 Nov 2026, 18:12' in English. */
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export interface HistoryFilters {
  actor: string;
  donationId: string;
  kind: HistoryKind | '';
}

/** GET /history with the filters that are set, one page of PAGE entries. */
export function historyPath(filters: HistoryFilters) {
  return apiPath('GET /history', {
    query: { limit: PAGE, actor: filters.actor.trim(), donationId: filters.donationId.trim(), kind: filters.kind },
  });
}

/** The kind filter's names (message ids): 'donation.verified' is 'Donation verified'. */
const KIND_LABELS: Record<HistoryKind, string> = {
  'donation.created': /*i18n*/ 'admin.history.kind.donationCreated',
  'donation.edited': /*i18n*/ 'admin.history.kind.donationEdited',
  'donation.verified': /*i18n*/ 'admin.history.kind.donationVerified',
  'donation.rejected': /*i18n*/ 'admin.history.kind.donationRejected',
  'donation.deleted': /*i18n*/ 'admin.history.kind.donationDeleted',
  'donation.released': /*i18n*/ 'admin.history.kind.donationReleased',
  'request.made': /*i18n*/ 'admin.history.kind.requestMade',
  'request.cancelled': /*i18n*/ 'admin.history.kind.requestCancelled',
  'request.accepted': /*i18n*/ 'admin.history.kind.requestAccepted',
  'request.declined': /*i18n*/ 'admin.history.kind.requestDeclined',
  'request.rejected': /*i18n*/ 'admin.history.kind.requestRejected',
  'request.deleted': /*i18n*/ 'admin.history.kind.requestDeleted',
  'request.reopened': /*i18n*/ 'admin.history.kind.requestReopened',
  'pickup.confirmed': /*i18n*/ 'admin.history.kind.pickupConfirmed',
  'pickup.undone': /*i18n*/ 'admin.history.kind.pickupUndone',
  'pickup.not-collected': /*i18n*/ 'admin.history.kind.pickupNotCollected',
  'pickup.report-corrected': /*i18n*/ 'admin.history.kind.pickupReportCorrected',
  'pickup.photo-added': /*i18n*/ 'admin.history.kind.pickupPhotoAdded',
  'pickup.claimed': /*i18n*/ 'admin.history.kind.pickupClaimed',
  'pickup.assigned': /*i18n*/ 'admin.history.kind.pickupAssigned',
  'pickup.unassigned': /*i18n*/ 'admin.history.kind.pickupUnassigned',
  'charity-role.requested': /*i18n*/ 'admin.history.kind.charityRoleRequested',
  'charity-role.approved': /*i18n*/ 'admin.history.kind.charityRoleApproved',
  'charity-role.rejected': /*i18n*/ 'admin.history.kind.charityRoleRejected',
  'user.role-changed': /*i18n*/ 'admin.history.kind.userRoleChanged',
  'user.deleted': /*i18n*/ 'admin.history.kind.userDeleted',
  'organisation.invited': /*i18n*/ 'admin.history.kind.orgInvited',
  'organisation.invitation-withdrawn': /*i18n*/ 'admin.history.kind.orgInvitationWithdrawn',
  'organisation.joined': /*i18n*/ 'admin.history.kind.orgJoined',
  'organisation.role-changed': /*i18n*/ 'admin.history.kind.orgRoleChanged',
  'organisation.member-removed': /*i18n*/ 'admin.history.kind.orgMemberRemoved',
  'organisation.left': /*i18n*/ 'admin.history.kind.orgLeft',
  'organisation.owner-changed': /*i18n*/ 'admin.history.kind.orgOwnerChanged',
  'donation.generated': /*i18n*/ 'admin.history.kind.donationGenerated',
  'series.created': /*i18n*/ 'admin.history.kind.seriesCreated',
  'series.edited': /*i18n*/ 'admin.history.kind.seriesEdited',
  'series.verified': /*i18n*/ 'admin.history.kind.seriesVerified',
  'series.rejected': /*i18n*/ 'admin.history.kind.seriesRejected',
  'series.skipped': /*i18n*/ 'admin.history.kind.seriesSkipped',
  'series.ended': /*i18n*/ 'admin.history.kind.seriesEnded',
  'series-request.made': /*i18n*/ 'admin.history.kind.seriesRequestMade',
  'series-request.accepted': /*i18n*/ 'admin.history.kind.seriesRequestAccepted',
  'series-request.declined': /*i18n*/ 'admin.history.kind.seriesRequestDeclined',
  'series-request.ended': /*i18n*/ 'admin.history.kind.seriesRequestEnded',
  'message.removed': /*i18n*/ 'admin.history.kind.messageRemoved',
};

/** A state an entry went from or to, in the words of what changed: a donation's, a request's status, or a role. */
function stateLabel(i18n: I18n, kind: HistoryKind, state: string | undefined): string {
  if (state === undefined) return '-';
  if (kind.startsWith('request.')) return requestStatusLabel(i18n, state);
  if (kind.startsWith('charity-role.')) return charityRequestStatusLabel(i18n, state);
  if (kind.startsWith('user.')) return roleLabel(i18n, state);
  return donationStatusLabel(i18n, state);
}

const EMPTY: HistoryFilters = { actor: '', donationId: '', kind: '' };

/**
 * Every change of state on the platform, newest first (issue 12): who did what, when, from which state to which,
 * and through which device's outbox. Filters by person, donation and kind; the server pages it, 'Load more' asks for
 * the next page. Online only: the history is not kept on the device.
 */
export function HistoryPage() {
  const i18n = useI18n();
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY);
  const [draft, setDraft] = useState<HistoryFilters>(EMPTY);
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>(undefined);
  const [next, setNext] = useState<ApiPath<HistoryEntry[]> | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const ticket = useRef(0);

  const load = useCallback(async (path: ApiPath<HistoryEntry[]>, append: boolean) => {
    const mine = ++ticket.current;
    setLoading(true);
    setError(undefined);
    try {
      const page = await getPage(path);
      // A newer search started meanwhile: its answer wins.
      if (mine !== ticket.current) return;
      setEntries((before) => (append && before ? [...before, ...page.items] : page.items));
      setNext(page.next);
    } catch (err) {
      if (mine === ticket.current) setError(err);
    } finally {
      if (mine === ticket.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(historyPath(filters), false);
  }, [filters, load]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setEntries(undefined);
    setFilters(draft);
  };
  const set = (key: keyof HistoryFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  let body;
  if (entries === undefined && loading) body = <TableSkeleton />;
  else if (entries === undefined)
    body = (
      <ErrorState
        // A filter the server refuses (400) says why; anything else is a failure to load.
        message={error instanceof ApiError && error.status === 400 ? error.message : i18n._('admin.history.loadFailed')}
        error={error}
        onRetry={() => void load(historyPath(filters), false)}
      />
    );
  else if (entries.length === 0) body = <EmptyState message={i18n._('admin.history.empty')} />;
  else
    body = (
      <>
        <ol aria-label={i18n._('admin.history.listLabel')} className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-white">
          {entries.map((entry) => (
            <li key={entry._id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={entry.at} className="shrink-0 text-sm text-muted-foreground sm:w-44">
                {i18n.date(new Date(entry.at), WHEN)}
              </time>
              <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <p className="font-medium text-stone-900">{describeEntry(entry, i18n)}</p>
                <p className="text-sm text-muted-foreground">
                  {entry.actor.email && <span>{entry.actor.email}</span>}
                  {entry.fromState || entry.toState ? (
                    <span>
                      {' · '}
                      {i18n._('admin.history.stateChange', { from: stateLabel(i18n, entry.kind, entry.fromState), to: stateLabel(i18n, entry.kind, entry.toState) })}
                    </span>
                  ) : null}
                  {entry.idempotencyKey && (
                    <span>
                      {' · '}
                      {i18n._('admin.history.fromOutbox', { key: entry.idempotencyKey.slice(0, 8) })}
                    </span>
                  )}
                </p>
                {entry.donationId && (
                  <Link to="/donations/$id" params={{ id: entry.donationId }} className="text-sm font-medium text-brand-800 underline-offset-4 hover:underline">
                    {i18n._('admin.history.openDonation')}
                  </Link>
                )}
                {entry.kind === 'pickup.photo-added' && entry.donationId && typeof entry.detail.photoId === 'string' && (
                  <PickupPhotoDisclosure donationId={entry.donationId} photoId={entry.detail.photoId} />
                )}
              </div>
            </li>
          ))}
        </ol>
        {error !== undefined && <ErrorState message={i18n._('admin.history.loadMoreFailed')} error={error} onRetry={() => next && void load(next, true)} />}
        {next && error === undefined && (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={() => void load(next, true)} disabled={loading}>
              {loading ? i18n._('admin.history.loading') : i18n._('admin.history.loadMore')}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <section>
      <PageHeader title={i18n._('admin.history.title')} description={i18n._('admin.history.description')} />
      <ExportPanel kinds={['donations', 'pickups', 'users']} />
      <form onSubmit={search} className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" aria-label={i18n._('admin.history.filterLabel')}>
        <Field id="history-actor" label={i18n._('admin.history.person')}>
          <Input id="history-actor" type="search" inputMode="email" value={draft.actor} onChange={set('actor')} placeholder="name@example.org" />
        </Field>
        <Field id="history-donation" label={i18n._('admin.history.donationId')}>
          <Input id="history-donation" type="search" value={draft.donationId} onChange={set('donationId')} />
        </Field>
        <Field id="history-kind" label={i18n._('admin.history.kind')}>
          <NativeSelect id="history-kind" value={draft.kind} onChange={set('kind')}>
            <option value="">{i18n._('admin.history.everyKind')}</option>
            {HISTORY_KINDS.map((k) => (
              <option key={k} value={k}>
                {i18n._(KIND_LABELS[k])}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit">{i18n._('admin.history.show')}</Button>
      </form>
      {body}
    </section>
  );
}
