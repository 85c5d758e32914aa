import { LATEST_CHARITY_REQUESTS } from '@foodbridge/shared/first-screen-constants';
import { useLatestCharityRequests } from './api';
import { EmptyBlock, ErrorBlock, LoadingBlock, Pulse, SectionHeading, StatusPill } from './section-states';
import { useI18n } from '@/lib/i18n/i18n';

const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-3';

export function LatestCharityRequests() {
  const i18n = useI18n();
  // Through Intl in the chosen language (English is en-GB, as the spec's dates are).
  const requestedOn = (iso: string): string | null => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? null : i18n.date(d, { day: 'numeric', month: 'short', year: 'numeric' });
  };
  const { data, error, loading, reload } = useLatestCharityRequests();
  return (
    <section aria-labelledby="charity-requests-heading" className="bg-brand-50/60">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <SectionHeading
          id="charity-requests-heading"
          title={i18n._('home.charityRequests.title')}
          subtitle={i18n._('home.charityRequests.subtitle')}
        />
        {loading && !data ? (
          <LoadingBlock label={i18n._('home.charityRequests.loading')}>
            <div className={GRID}>
              {Array.from({ length: LATEST_CHARITY_REQUESTS }, (_, i) => (
                <div key={i} className="space-y-3 rounded-[var(--radius-card)] border border-border bg-white p-5">
                  <Pulse className="h-5 w-1/2" />
                  <Pulse className="h-4 w-full" />
                  <Pulse className="h-4 w-4/5" />
                  <Pulse className="h-4 w-1/3" />
                </div>
              ))}
            </div>
          </LoadingBlock>
        ) : error ? (
          <ErrorBlock message={i18n._('home.charityRequests.failed')} onRetry={reload} />
        ) : !data?.length ? (
          <EmptyBlock message={i18n._('home.charityRequests.empty')} />
        ) : (
          <ul className={GRID}>
            {data.map((r) => {
              const date = requestedOn(r.requestedAt);
              return (
                <li key={r._id} className="flex min-w-0 flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-white p-5 shadow-sm [overflow-wrap:anywhere]">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex min-w-0 items-center gap-3">
                      <span aria-hidden className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                        {r.name.charAt(0).toUpperCase()}
                      </span>
                      <h3 className="font-semibold leading-snug text-stone-900">{r.name}</h3>
                    </div>
                    <StatusPill status={r.status} />
                  </div>
                  <p className="line-clamp-3 text-sm text-stone-700">{r.mission || i18n._('home.charityRequests.noDescription')}</p>
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
                    <p className="min-w-0 text-stone-700">
                      <span className="text-muted-foreground">{i18n._('home.charityRequests.organization')} </span>
                      <span className="font-medium">{r.organization || i18n._('home.charityRequests.notSpecified')}</span>
                    </p>
                    {date && <time dateTime={r.requestedAt} className="text-muted-foreground">{date}</time>}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
