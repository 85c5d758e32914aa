import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { ListStates } from '@/components/list-states';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { EmptyState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { rejectSeries, useSeriesList, verifySeries, type DonationSeries } from '../api';
import { pendingFirst } from '../series-offers';
import { useSeriesAction } from '../use-series-action';
import { CardActions, SeriesCard } from './series-card';

/**
 * Every restaurant's regular donations for the admin, those waiting for verification first: each is verified once (its
 * dates are then offered every week) or rejected, after a confirmation, as Manage Donations does for single ones.
 */
export function AdminSeries() {
  const i18n = useI18n();
  const loaded = useSeriesList();
  // A series decided here keeps its place until the next load, so a card does not jump away under the admin's eyes.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const state = { ...loaded, data: loaded.data && pendingFirst(loaded.data, decided) };
  const { busy, run } = useSeriesAction();

  const decide = (s: DonationSeries, verify: boolean) =>
    run(
      s._id,
      async () => {
        await (verify ? verifySeries(s._id) : rejectSeries(s._id));
        setDecided((ids) => new Set(ids).add(s._id));
        // Its coming dates are written by the server now: read it again for them.
        loaded.reload();
        if (verify) notify.success(i18n._('series.verify.doneTitle'), i18n._('series.verify.done', { title: s.title }));
        else notify.success(i18n._('series.reject.doneTitle'), i18n._('series.reject.done', { title: s.title }));
      },
      verify ? i18n._('series.verify.failed') : i18n._('series.reject.failed'),
    );

  return (
    <section>
      <PageHeader title={i18n._('series.page.title')} description={i18n._('series.page.adminIntro')} />
      <ListStates
        state={state}
        skeleton={<TableSkeleton rows={3} />}
        errorMessage={i18n._('series.page.loadFailed')}
        empty={<EmptyState message={i18n._('series.page.adminEmpty')} />}
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {items.map((s) => (
              <li key={s._id}>
                <SeriesCard series={s} showRestaurant>
                  {s.status === 'Pending' && (
                    <CardActions>
                      <ConfirmButton
                        title={i18n._('series.verify.title')}
                        description={i18n._('series.verify.description', { title: s.title, restaurant: s.restaurantName })}
                        confirmLabel={i18n._('series.verify.confirm')}
                        destructive={false}
                        variant="default"
                        disabled={busy === s._id}
                        onConfirm={() => void decide(s, true)}
                      >
                        <Check aria-hidden /> {i18n._('series.verify.open')}
                        <span className="sr-only"> {s.title}</span>
                      </ConfirmButton>
                      <ConfirmButton
                        title={i18n._('series.reject.title')}
                        description={i18n._('series.reject.description', { title: s.title, restaurant: s.restaurantName })}
                        confirmLabel={i18n._('series.reject.confirm')}
                        disabled={busy === s._id}
                        triggerClassName="text-destructive hover:bg-red-50"
                        onConfirm={() => void decide(s, false)}
                      >
                        <X aria-hidden /> {i18n._('series.reject.open')}
                        <span className="sr-only"> {s.title}</span>
                      </ConfirmButton>
                    </CardActions>
                  )}
                </SeriesCard>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
