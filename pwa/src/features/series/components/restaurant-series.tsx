import { useEffect, useRef, useState } from 'react';
import { CalendarOff, CalendarX, Check, Pause, Pencil, Play, Plus, X } from 'lucide-react';
import { ListStates } from '@/components/list-states';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { EmailText } from '@/components/email-text';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import {
  acceptSeriesRequest,
  createSeries,
  declineSeriesRequest,
  endSeries,
  endSeriesRequest,
  setSeriesPaused,
  updateSeries,
  useSeriesList,
  useSeriesRequests,
  type DonationSeries,
  type SeriesRequest,
} from '../api';
import { seriesChanges } from '../series-changes';
import type { SeriesValues } from '../series-form-values';
import { restaurantOffers, waitingRequestsOf } from '../series-offers';
import { useMembership, useSeriesAction } from '../use-series-action';
import { CardActions, SeriesCard } from './series-card';
import { SeriesForm } from './series-form';
import { SkipDateDialog } from './skip-date-dialog';

const NEW_BUTTON = 'series-new-open';
const editButtonId = (id: string) => `series-${id}-edit`;

/**
 * A restaurant's regular donations: a new one (verified once by an admin), and on each its coming and skipped dates,
 * Edit, Skip a date, Pause / Resume, End; the standing pickup requests of charities to accept or decline, and the end
 * of an accepted standing pickup. Any member edits, skips and pauses; ending and answering are the managers'.
 */
export function RestaurantSeries() {
  const i18n = useI18n();
  const series = useSeriesList();
  const requests = useSeriesRequests();
  const { lead } = useMembership();
  // One form at a time (its boxes' ids are the page's): 'new', or the id of the series being edited in its card's place.
  const [form, setForm] = useState<string | null>(null);
  const wasOpen = useRef<string | null>(null);
  // The form closed (saved or cancelled): the focus goes back to the button that opened it, or to New regular
  // donation when that series is no longer offered an Edit.
  useEffect(() => {
    const was = wasOpen.current;
    wasOpen.current = form;
    if (!was || form) return;
    (document.getElementById(was === 'new' ? NEW_BUTTON : editButtonId(was)) ?? document.getElementById(NEW_BUTTON))?.focus();
  }, [form]);
  const [skipping, setSkipping] = useState<DonationSeries | null>(null);
  const { busy, run } = useSeriesAction();

  const reload = () => {
    series.reload();
    requests.reload();
  };

  async function add(values: SeriesValues): Promise<boolean> {
    const done = await run(
      'new',
      async () => {
        await createSeries(values);
        notify.success(i18n._('series.new.doneTitle'), i18n._('series.new.done', { title: values.title }));
      },
      i18n._('series.new.failed'),
    );
    if (done) {
      setForm(null);
      series.reload();
    }
    return done;
  }

  /** Saves what changed; a refusal goes back to the form, which says it (and an ended or rejected series is read again). */
  async function edit(s: DonationSeries, values: SeriesValues): Promise<boolean> {
    const changes = seriesChanges(s, values);
    if (Object.keys(changes).length === 0) {
      notify.info(i18n._('series.edit.unchanged', { title: s.title }));
      setForm(null);
      return true;
    }
    try {
      const after = await updateSeries(s._id, changes);
      series.setData((list) => list?.map((x) => (x._id === s._id ? after : x)));
      if (s.status === 'Verified' && after.status === 'Pending') notify.success(i18n._('series.edit.sentBackTitle'), i18n._('series.edit.sentBack', { title: after.title }));
      else notify.success(i18n._('series.edit.doneTitle'), i18n._('series.edit.done', { title: after.title }));
      setForm(null);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) series.reload();
      throw err;
    }
  }

  const pause = (s: DonationSeries, paused: boolean) =>
    run(
      `${s._id}:pause`,
      async () => {
        const after = await setSeriesPaused(s._id, paused);
        series.setData((list) => list?.map((x) => (x._id === s._id ? after : x)));
        notify.success(paused ? i18n._('series.pause.done', { title: s.title }) : i18n._('series.resume.done', { title: s.title }), paused ? i18n._('series.pause.doneText') : undefined);
      },
      paused ? i18n._('series.pause.failed') : i18n._('series.resume.failed'),
    );

  const end = (s: DonationSeries) =>
    run(
      `${s._id}:end`,
      async () => {
        await endSeries(s._id);
        notify.success(i18n._('series.end.done', { title: s.title }), i18n._('series.end.doneText'));
        reload();
      },
      i18n._('series.end.failed'),
    );

  const answer = (s: DonationSeries, r: SeriesRequest, accept: boolean) =>
    run(
      `${r._id}:answer`,
      async () => {
        if (accept) {
          const { givenCount } = await acceptSeriesRequest(r._id);
          notify.success(i18n._('series.accept.doneTitle'), i18n._('series.accept.done', { charity: r.charityName, count: givenCount }));
        } else {
          await declineSeriesRequest(r._id);
          notify.success(i18n._('series.decline.done', { charity: r.charityName }));
        }
        reload();
      },
      accept ? i18n._('series.accept.failed') : i18n._('series.decline.failed'),
    );

  const endStanding = (s: DonationSeries) =>
    run(
      `${s._id}:standing`,
      async () => {
        await endSeriesRequest(s.standingPickup!.requestId);
        notify.success(i18n._('series.endStanding.doneTitle'), i18n._('series.endStanding.done', { charity: s.standingPickup!.charityName }));
        reload();
      },
      i18n._('series.endStanding.failed'),
    );

  return (
    <section>
      <PageHeader title={i18n._('series.page.title')} description={i18n._('series.page.restaurantIntro')}>
        {form !== 'new' && (
          <Button id={NEW_BUTTON} onClick={() => setForm('new')} disabled={form !== null} className="w-full sm:w-auto">
            <Plus aria-hidden /> {i18n._('series.new.open')}
          </Button>
        )}
      </PageHeader>
      {form === 'new' && (
        <Card className="mb-6 p-4 sm:p-5">
          <SeriesForm onSubmit={add} onCancel={() => setForm(null)} />
        </Card>
      )}
      <ListStates
        state={series}
        skeleton={<TableSkeleton rows={3} />}
        errorMessage={i18n._('series.page.loadFailed')}
        empty={<EmptyState message={i18n._('series.page.restaurantEmpty')} />}
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {items.map((s) => {
              const offers = restaurantOffers(s, lead === true);
              const waiting = waitingRequestsOf(s._id, requests.data);
              const named = <span className="sr-only"> {s.title}</span>;
              if (form === s._id) {
                // In the card's place, across both columns: the form's boxes need the width.
                return (
                  <li key={s._id} className="md:col-span-2">
                    <Card className="p-4 sm:p-5">
                      <SeriesForm series={s} onSubmit={(values) => edit(s, values)} onCancel={() => setForm(null)} />
                    </Card>
                  </li>
                );
              }
              return (
                <li key={s._id}>
                  <SeriesCard series={s}>
                    {waiting.length > 0 && (
                      <section aria-labelledby={`series-${s._id}-asked`} className="flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3">
                        <h3 id={`series-${s._id}-asked`} className="text-sm font-semibold text-sky-950">
                          {i18n._('series.requests.title', { count: waiting.length })}
                        </h3>
                        <ul className="flex flex-col gap-3">
                          {waiting.map((r) => (
                            <li key={r._id} className="flex flex-col gap-2 text-sm">
                              <p>
                                <bdi className="font-semibold">{r.charityName}</bdi>
                                {r.charityEmail && <EmailText email={r.charityEmail} className="block text-xs text-muted-foreground" />}
                              </p>
                              <p className="whitespace-pre-line break-words text-stone-800">
                                <bdi>{r.requestDescription}</bdi>
                              </p>
                              {offers.answer ? (
                                <div className="flex flex-wrap gap-2">
                                  <ConfirmButton
                                    title={i18n._('series.accept.title', { charity: r.charityName })}
                                    description={[i18n._('series.accept.description', { title: s.title }), waiting.length > 1 ? i18n._('series.accept.othersDeclined', { count: waiting.length - 1 }) : ''].join(' ').trim()}
                                    confirmLabel={i18n._('series.accept.confirm')}
                                    destructive={false}
                                    variant="default"
                                    disabled={busy !== null}
                                    onConfirm={() => void answer(s, r, true)}
                                  >
                                    <Check aria-hidden /> {busy === `${r._id}:answer` ? i18n._('series.accept.busy') : i18n._('series.accept.open')}
                                    <span className="sr-only"> {r.charityName}</span>
                                  </ConfirmButton>
                                  <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void answer(s, r, false)} className="text-destructive hover:bg-red-50">
                                    <X aria-hidden /> {i18n._('series.decline.open')}
                                    <span className="sr-only"> {r.charityName}</span>
                                  </Button>
                                </div>
                              ) : (
                                <p className="text-xs text-muted-foreground">{s.status === 'Verified' ? i18n._('series.requests.managersAnswer') : i18n._('series.requests.afterVerification')}</p>
                              )}
                            </li>
                          ))}
                        </ul>
                      </section>
                    )}
                    {(offers.edit || offers.skip || offers.pause || offers.resume || offers.end || offers.endStanding) && (
                      <CardActions>
                        {offers.edit && (
                          <Button id={editButtonId(s._id)} size="sm" variant="outline" disabled={busy !== null || form !== null} onClick={() => setForm(s._id)}>
                            <Pencil aria-hidden /> {i18n._('series.edit.open')}
                            {named}
                          </Button>
                        )}
                        {offers.skip && (
                          <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => setSkipping(s)}>
                            <CalendarX aria-hidden /> {i18n._('series.skip.open')}
                            {named}
                          </Button>
                        )}
                        {(offers.pause || offers.resume) && (
                          <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void pause(s, offers.pause)}>
                            {offers.pause ? <Pause aria-hidden /> : <Play aria-hidden />}{' '}
                            {busy === `${s._id}:pause` ? i18n._('series.pause.busy') : offers.pause ? i18n._('series.pause.open') : i18n._('series.resume.open')}
                            {named}
                          </Button>
                        )}
                        {offers.endStanding && (
                          <ConfirmButton
                            title={i18n._('series.endStanding.title', { charity: s.standingPickup!.charityName })}
                            description={i18n._('series.endStanding.restaurantText', { title: s.title })}
                            confirmLabel={i18n._('series.endStanding.confirm')}
                            cancelLabel={i18n._('series.endStanding.keep')}
                            disabled={busy !== null}
                            onConfirm={() => void endStanding(s)}
                          >
                            <CalendarOff aria-hidden /> {busy === `${s._id}:standing` ? i18n._('series.endStanding.busy') : i18n._('series.endStanding.open')}
                            {named}
                          </ConfirmButton>
                        )}
                        {offers.end && (
                          <ConfirmButton
                            title={i18n._('series.end.title', { title: s.title })}
                            description={i18n._('series.end.description')}
                            confirmLabel={i18n._('series.end.confirm')}
                            cancelLabel={i18n._('series.end.keep')}
                            disabled={busy !== null}
                            triggerClassName="text-destructive hover:bg-red-50"
                            onConfirm={() => void end(s)}
                          >
                            <X aria-hidden /> {busy === `${s._id}:end` ? i18n._('series.end.busy') : i18n._('series.end.open')}
                            {named}
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
      {skipping && <SkipDateDialog series={skipping} onOpenChange={(open) => !open && setSkipping(null)} onSubmitted={reload} />}
    </section>
  );
}
