import { useState } from 'react';
import { CalendarOff, CalendarPlus, Truck } from 'lucide-react';
import { ListStates } from '@/components/list-states';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { endSeriesRequest, useSeriesList, useSeriesRequests, type DonationSeries, type SeriesRequest } from '../api';
import { charityRequestAction, lastRequestOf, mayAskFor } from '../series-offers';
import { requestStateOf } from '../series-words';
import { useMembership, useSeriesAction } from '../use-series-action';
import { AskSeriesDialog } from './ask-series-dialog';
import { CardActions, SeriesCard } from './series-card';

/**
 * A charity's standing pickups: the regular donations on offer, with 'Ask for a standing pickup' (a coordinator's
 * decision: a message, and the member every pickup goes to), and on each the charity's own request with where it
 * stands; a coordinator withdraws one waiting and ends one accepted. Drivers read.
 */
export function CharitySeries() {
  const i18n = useI18n();
  const series = useSeriesList();
  const requests = useSeriesRequests();
  const { lead, organisation } = useMembership();
  const [asking, setAsking] = useState<DonationSeries | null>(null);
  const { busy, run } = useSeriesAction();

  const reload = () => {
    series.reload();
    requests.reload();
  };

  const endRequest = (r: SeriesRequest, action: 'withdraw' | 'end') =>
    run(
      r._id,
      async () => {
        await endSeriesRequest(r._id);
        if (action === 'withdraw') notify.success(i18n._('series.withdraw.done'));
        else notify.success(i18n._('series.endStanding.doneTitle'), i18n._('series.endStanding.charityDone'));
        reload();
      },
      action === 'withdraw' ? i18n._('series.withdraw.failed') : i18n._('series.endStanding.failed'),
    );

  return (
    <section>
      <PageHeader title={i18n._('series.page.charityTitle')} description={i18n._('series.page.charityIntro')} />
      {lead === false && <p className="mb-4 rounded-lg border border-border bg-stone-50 p-3 text-sm text-stone-700">{i18n._('series.page.driverNote')}</p>}
      <ListStates
        state={series}
        skeleton={<TableSkeleton rows={3} />}
        errorMessage={i18n._('series.page.loadFailed')}
        empty={<EmptyState message={i18n._('series.page.charityEmpty')} />}
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {items.map((s) => {
              const own = lastRequestOf(s._id, requests.data);
              const action = charityRequestAction(own, lead === true);
              const mayAsk = mayAskFor(s, lead === true, requests.data);
              return (
                <li key={s._id}>
                  <SeriesCard series={s} showRestaurant>
                    {own && <OwnRequest request={own} />}
                    {(mayAsk || action) && (
                      <CardActions>
                        {mayAsk && (
                          <Button size="sm" disabled={busy !== null} onClick={() => setAsking(s)}>
                            <CalendarPlus aria-hidden /> {i18n._('series.ask.open')}
                            <span className="sr-only"> {s.title}</span>
                          </Button>
                        )}
                        {own && action && (
                          <ConfirmButton
                            title={action === 'withdraw' ? i18n._('series.withdraw.title') : i18n._('series.endStanding.charityTitle', { title: s.title })}
                            description={action === 'withdraw' ? i18n._('series.withdraw.description', { title: s.title }) : i18n._('series.endStanding.charityText', { title: s.title })}
                            confirmLabel={action === 'withdraw' ? i18n._('series.withdraw.confirm') : i18n._('series.endStanding.confirm')}
                            cancelLabel={action === 'withdraw' ? i18n._('series.withdraw.keep') : i18n._('series.endStanding.keep')}
                            disabled={busy !== null}
                            onConfirm={() => void endRequest(own, action)}
                          >
                            <CalendarOff aria-hidden />{' '}
                            {busy === own._id
                              ? i18n._('series.endStanding.busy')
                              : action === 'withdraw'
                                ? i18n._('series.withdraw.open')
                                : i18n._('series.endStanding.open')}
                            <span className="sr-only"> {s.title}</span>
                          </ConfirmButton>
                        )}
                      </CardActions>
                    )}
                  </SeriesCard>
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
      {asking && (
        <AskSeriesDialog
          series={asking}
          members={organisation?.members ?? []}
          onOpenChange={(open) => !open && setAsking(null)}
          onSubmitted={reload}
        />
      )}
    </section>
  );
}

/** The charity's own request for a series: where it stands, its message, and the member every pickup goes to. */
function OwnRequest({ request: r }: { request: SeriesRequest }) {
  const i18n = useI18n();
  const state = requestStateOf(r.status);
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-border bg-stone-50 p-3 text-sm" data-testid="own-series-request">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-stone-900">{i18n._('series.own.title')}</span>
        <Badge tone={state.tone}>{i18n._(state.label)}</Badge>
      </p>
      <p className="whitespace-pre-line break-words text-stone-800">
        <bdi>{r.requestDescription}</bdi>
      </p>
      {r.assigneeName && (
        <p className="flex items-center gap-1.5 text-stone-700">
          <Truck className="size-4 shrink-0" aria-hidden /> {i18n._('series.own.driver', { name: r.assigneeName })}
        </p>
      )}
    </div>
  );
}
