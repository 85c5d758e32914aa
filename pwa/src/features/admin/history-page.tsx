import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { HISTORY_KINDS, type HistoryEntry, type HistoryKind } from '@foodbridge/shared/schemas/history';
import { Button } from '@/components/ui/button';
import { Field, Input, NativeSelect } from '@/components/ui/input';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { ExportPanel } from '@/components/export-panel';
import { ApiError, getPage } from '@/lib/api-client';
import { describeEntry } from '@/lib/history-words';

const PAGE = 50;
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export interface HistoryFilters {
  actor: string;
  donationId: string;
  kind: HistoryKind | '';
}

/** GET /history with the filters that are set, one page of PAGE entries. */
export function historyPath(filters: HistoryFilters): string {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (filters.actor.trim()) query.set('actor', filters.actor.trim());
  if (filters.donationId.trim()) query.set('donationId', filters.donationId.trim());
  if (filters.kind) query.set('kind', filters.kind);
  return `/history?${query}`;
}

/** 'donation.verified' -> 'Donation verified', for the kind filter. */
const kindLabel = (kind: string) => {
  const text = kind.replace('.', ' ').replace('-', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const EMPTY: HistoryFilters = { actor: '', donationId: '', kind: '' };

/**
 * Every change of state on the platform, newest first (issue 12): who did what, when, from which state to which,
 * and through which device's outbox. Filters by person, donation and kind; the server pages it, 'Load more' asks for
 * the next page. Online only: the history is not kept on the device.
 */
export function HistoryPage() {
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY);
  const [draft, setDraft] = useState<HistoryFilters>(EMPTY);
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>(undefined);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const ticket = useRef(0);

  const load = useCallback(async (path: string, append: boolean) => {
    const mine = ++ticket.current;
    setLoading(true);
    setError(undefined);
    try {
      const page = await getPage<HistoryEntry>(path);
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
        message={error instanceof ApiError && error.status === 400 ? error.message : 'Failed to load the history.'}
        error={error}
        onRetry={() => void load(historyPath(filters), false)}
      />
    );
  else if (entries.length === 0) body = <EmptyState message="Nothing recorded matches these filters." />;
  else
    body = (
      <>
        <ol aria-label="Changes, newest first" className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-white">
          {entries.map((entry) => (
            <li key={entry._id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={entry.at} className="shrink-0 text-sm text-muted-foreground sm:w-44">
                {when.format(new Date(entry.at))}
              </time>
              <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <p className="font-medium text-stone-900">{describeEntry(entry)}</p>
                <p className="text-sm text-muted-foreground">
                  {entry.actor.email && <span>{entry.actor.email}</span>}
                  {entry.fromState || entry.toState ? <span>{` · ${entry.fromState ?? '-'} → ${entry.toState ?? '-'}`}</span> : null}
                  {entry.idempotencyKey && <span>{` · from a device's outbox (${entry.idempotencyKey.slice(0, 8)})`}</span>}
                </p>
                {entry.donationId && (
                  <Link to="/donations/$id" params={{ id: entry.donationId }} className="text-sm font-medium text-brand-800 underline-offset-4 hover:underline">
                    Open the donation
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
        {error !== undefined && <ErrorState message="Failed to load more." error={error} onRetry={() => next && void load(next, true)} />}
        {next && error === undefined && (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={() => void load(next, true)} disabled={loading}>
              {loading ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <section>
      <PageHeader title="History" description="Every change of state, newest first: who did what, and when. Nothing here can be changed." />
      <ExportPanel kinds={['donations', 'pickups', 'users']} />
      <form onSubmit={search} className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" aria-label="Filter the history">
        <Field id="history-actor" label="Person (e-mail)">
          <Input id="history-actor" type="search" inputMode="email" value={draft.actor} onChange={set('actor')} placeholder="name@example.org" />
        </Field>
        <Field id="history-donation" label="Donation id">
          <Input id="history-donation" type="search" value={draft.donationId} onChange={set('donationId')} />
        </Field>
        <Field id="history-kind" label="Kind">
          <NativeSelect id="history-kind" value={draft.kind} onChange={set('kind')}>
            <option value="">Every kind</option>
            {HISTORY_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit">Show</Button>
      </form>
      {body}
    </section>
  );
}
