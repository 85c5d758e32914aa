import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { imageUrl } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel, quantityLabel } from '@/lib/labels';
import type { DonationSeries } from '../api';
import { daysText, periodText, seriesDateText, seriesStateOf, windowText } from '../series-words';

/** The id of a series card's heading, which names the card (and its dialogs' triggers) for assistive technology. */
export const seriesHeadingId = (s: Pick<DonationSeries, '_id'>) => `series-${s._id}-title`;

/**
 * One regular donation as every side sees it: what, when (days, window and zone, first and last date), how long it
 * keeps, where it stands (the admin's verification, paused), its next and skipped dates and its standing pickup.
 * `children` holds what the viewer may do with it.
 */
export function SeriesCard({ series: s, showRestaurant = false, children }: { series: DonationSeries; showRestaurant?: boolean; children?: ReactNode }) {
  const i18n = useI18n();
  const state = seriesStateOf(s);
  const headingId = seriesHeadingId(s);
  const live = s.status === 'Pending' || s.status === 'Verified';
  return (
    <Card className="flex h-full flex-col gap-3 p-4" role="article" aria-labelledby={headingId}>
      <div className="flex items-start gap-3">
        <img src={imageUrl(s.image, 128)} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-md bg-stone-100 object-cover" />
        <div className="min-w-0 flex-1">
          {/* What the restaurant wrote is isolated (bdi), so that a title or address in one direction keeps its own
              order in a page of the other. */}
          <h2 id={headingId} className="break-words text-lg font-semibold leading-tight text-stone-900">
            <bdi>{s.title}</bdi>
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {showRestaurant && (
              <>
                <bdi>{s.restaurantName}</bdi> ·{' '}
              </>
            )}
            {foodTypeLabel(i18n, s.foodType)} · {quantityLabel(i18n, s.quantity, s.unit)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={state.tone}>{i18n._(state.label)}</Badge>
        {s.paused && live && <Badge tone="neutral">{i18n._('series.state.paused')}</Badge>}
      </div>
      {s.status === 'Pending' && s.reverifyReason && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{i18n._('series.reverifyNote', { reason: s.reverifyReason })}</p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">{i18n._('series.card.days')}</dt>
        <dd className="min-w-0 break-words font-medium">{daysText(i18n, s)}</dd>
        <dt className="text-muted-foreground">{i18n._('series.card.window')}</dt>
        <dd className="min-w-0 break-words font-medium">{windowText(i18n, s)}</dd>
        <dt className="text-muted-foreground">{i18n._('series.card.period')}</dt>
        <dd className="min-w-0 font-medium">{periodText(i18n, s)}</dd>
        <dt className="text-muted-foreground">{i18n._('series.card.keeps')}</dt>
        <dd className="min-w-0 font-medium">{i18n._('series.card.keepsHours', { count: s.keepsHours })}</dd>
        <dt className="text-muted-foreground">{i18n._('series.card.location')}</dt>
        <dd className="min-w-0 break-words font-medium">
          <bdi>{s.location}</bdi>
        </dd>
        {s.standingPickup && (
          <>
            <dt className="text-muted-foreground">{i18n._('series.card.standing')}</dt>
            <dd className="min-w-0 break-words font-medium" data-testid="standing-pickup">
              {s.standingPickup.assigneeName ? (
                i18n._('series.card.standingWithDriver', { charity: s.standingPickup.charityName, driver: s.standingPickup.assigneeName })
              ) : (
                <bdi>{s.standingPickup.charityName}</bdi>
              )}
            </dd>
          </>
        )}
      </dl>
      {live && <DateList label={i18n._('series.card.next')} dates={s.nextDates} empty={s.paused ? i18n._('series.card.nextPaused') : i18n._('series.card.nextNone')} />}
      {s.skippedDates.length > 0 && <DateList label={i18n._('series.card.skipped')} dates={s.skippedDates} skipped />}
      {children}
    </Card>
  );
}

function DateList({ label, dates, empty, skipped = false }: { label: string; dates: readonly string[]; empty?: string; skipped?: boolean }) {
  const i18n = useI18n();
  return (
    <div className="text-sm">
      <p className="text-muted-foreground">{label}</p>
      {dates.length ? (
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={label}>
          {dates.map((d) => (
            <li
              key={d}
              className={skipped ? 'rounded-full bg-stone-100 px-2.5 py-0.5 text-stone-700 line-through' : 'rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-900'}
            >
              {seriesDateText(i18n, d)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-stone-700">{empty}</p>
      )}
    </div>
  );
}

/** A row of a card's actions, wrapping on a phone. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-3">{children}</div>;
}
