import { useId, useState } from 'react';
import { ChevronDown, History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { apiPath } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import { describeEntry } from '@/lib/history-words';
import { useI18n } from '@/lib/i18n/i18n';

const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
/**
 * The donation's own history (issue 12): who listed, verified, requested, accepted and picked it up, and what the
 * pickup weighed. Folded by default and asked for only when opened: most visitors never look, and the details page
 * must not cost the server a second query for each of them. Online only: the history is not kept on the device.
 */
export function DonationTimeline({ donationId }: { donationId: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-labelledby={`${panelId}-title`} className="mt-10">
      <h2 id={`${panelId}-title`} className="text-xl font-bold text-stone-900">
        <Button variant="ghost" className="-ms-3 gap-2 text-xl font-bold" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <History aria-hidden className="size-5" /> {i18n._('details.history')}
          <ChevronDown aria-hidden className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`} />
        </Button>
      </h2>
      <div id={panelId} hidden={!open}>
        {open && <TimelineEntries donationId={donationId} />}
      </div>
    </section>
  );
}

function TimelineEntries({ donationId }: { donationId: string }) {
  const i18n = useI18n();
  const { data, error, loading, reload } = useApi(apiPath('GET /donations/{id}/history', { params: { id: donationId } }));
  if (loading && !data) {
    return (
      <div role="status" aria-label={i18n._('details.history.loading')} className="mt-3 flex flex-col gap-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (error && !data) return <ErrorState message={i18n._('details.history.failed')} onRetry={reload} error={error} />;
  if (!data?.length) return <p className="mt-3 text-muted-foreground">{i18n._('details.history.empty')}</p>;
  // The API answers newest first; a timeline reads from the start.
  const entries = [...data].reverse();
  return (
    <ol className="mt-3 flex flex-col gap-3 border-s-2 border-brand-200 ps-4">
      {entries.map((entry) => (
        <li key={entry._id} className="relative">
          <span aria-hidden className="absolute -start-[1.4rem] top-1.5 size-3 rounded-full border-2 border-white bg-brand-700" />
          <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{describeEntry(entry, i18n)}</p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={entry.at}>{i18n.date(new Date(entry.at), WHEN)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
