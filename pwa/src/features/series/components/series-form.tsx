import { useEffect, useId, useMemo, useRef } from 'react';
import { FOOD_TYPES } from '@foodbridge/shared/constants';
import { SERIES_KEEPS_HOURS_MAX } from '@foodbridge/shared/series-dates';
import { ImageUpload } from '@/components/image-upload';
import { QuantityField } from '@/components/quantity-field';
import { Button } from '@/components/ui/button';
import { Field, Input, NativeSelect } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';
import type { DonationSeries } from '../api';
import type { CheckedField } from '../series-changes';
import type { SeriesValues } from '../series-form-values';
import { checkedFieldNames, weekdayName } from '../series-words';
import { useSeriesForm } from '../use-series-form';

const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

/** Every IANA zone the browser knows, for the zone box's suggestions (typed names are checked all the same). */
function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * A regular donation (issue 47), new or edited (`series`): what it is (picture, title, food type, usual quantity,
 * place), on which days, in which window of local times and zone, from which date to which, and how long the food
 * keeps after the window. Checked with the shared schema the server parses the body with; `onSubmit` resolves true
 * when the form is done, or rejects with the server's refusal, said in the form (use-series-form.ts).
 */
export function SeriesForm({ series, onSubmit, onCancel }: { series?: DonationSeries; onSubmit: (values: SeriesValues) => Promise<boolean>; onCancel: () => void }) {
  const i18n = useI18n();
  const { inputs, image, errors, failure, uploading, submitting, reverify, set, switchDay, choosePicture, setUploading, submit } = useSeriesForm({ series, onSubmit });
  const zones = useMemo(knownZones, []);
  const zoneList = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form opens in place of the button that asked for it: its heading takes the focus, so it is read from the top.
  useEffect(() => heading.current?.focus(), []);

  const invalid = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `series-${key}-error` } : {});

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-labelledby="series-form-title">
      <h2 id="series-form-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
        {series ? i18n._('series.edit.title', { title: series.title }) : i18n._('series.form.title')}
      </h2>
      <ImageUpload
        id="series-image"
        label={i18n._('series.form.picture')}
        value={image}
        onChange={choosePicture}
        onUploadingChange={setUploading}
        error={errors.image}
      />

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="series-title" label={i18n._('series.form.name')} error={errors.title}>
            <Input id="series-title" value={inputs.title} onChange={set('title')} placeholder={i18n._('series.form.namePlaceholder')} maxLength={120} {...invalid('title')} />
          </Field>
        </div>
        <Field id="series-foodType" label={i18n._('series.form.foodType')} error={errors.foodType}>
          <NativeSelect id="series-foodType" value={inputs.foodType} onChange={set('foodType')} {...invalid('foodType')}>
            <option value="" disabled>
              {i18n._('series.form.foodTypePlaceholder')}
            </option>
            {FOOD_TYPES.map((t) => (
              <option key={t} value={t}>
                {foodTypeLabel(i18n, t)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <QuantityField
          idPrefix="series"
          label={i18n._('series.form.quantity')}
          hint={i18n._('series.form.quantityHint')}
          quantity={inputs.quantity}
          unit={inputs.unit}
          errors={errors}
          onQuantityChange={set('quantity')}
          onUnitChange={set('unit')}
        />
        <div className="sm:col-span-2">
          <Field id="series-location" label={i18n._('series.form.location')} error={errors.location} hint={i18n._('series.form.locationHint')}>
            <Input
              id="series-location"
              value={inputs.location}
              onChange={set('location')}
              maxLength={200}
              autoComplete="street-address"
              placeholder={i18n._('series.form.locationPlaceholder')}
              {...invalid('location')}
            />
          </Field>
        </div>
      </div>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3" aria-describedby={errors.weekdays ? 'series-weekdays-error' : 'series-weekdays-hint'}>
        <legend className="px-1 text-sm font-semibold text-stone-700">{i18n._('series.form.days')}</legend>
        <p id="series-weekdays-hint" className="text-xs text-muted-foreground">
          {series?.rrule ? i18n._('series.edit.ruleHint', { rule: series.rrule }) : i18n._('series.form.daysHint')}
        </p>
        {/* Wrapped as the names' lengths need: Monday to Friday on one row of a 390 px phone in English, and
            Arabic's full day names over three rows. */}
        <div className="flex flex-wrap gap-1.5">
          {WEEK.map((day) => {
            const on = inputs.weekdays.includes(day);
            return (
              <button
                key={day}
                id={`series-weekday-${day}`}
                type="button"
                aria-pressed={on}
                aria-label={weekdayName(i18n.locale, day, 'long')}
                onClick={() => switchDay(day)}
                className={cn(
                  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  on ? 'border-brand-800 bg-brand-800 text-white' : 'border-border bg-white text-stone-800 hover:bg-muted',
                  errors.weekdays && !on && 'border-destructive',
                )}
              >
                {weekdayName(i18n.locale, day)}
              </button>
            );
          })}
        </div>
        {errors.weekdays && (
          <p id="series-weekdays-error" role="alert" className="text-sm text-destructive">
            {errors.weekdays}
          </p>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3" aria-describedby="series-window-hint">
        <legend className="px-1 text-sm font-semibold text-stone-700">{i18n._('series.form.window')}</legend>
        <p id="series-window-hint" className="text-xs text-muted-foreground">
          {i18n._('series.form.windowHint')}
        </p>
        <div className="grid grid-cols-2 gap-3">
          <Field id="series-windowStart" label={i18n._('series.form.from')} error={errors.windowStart}>
            <Input id="series-windowStart" type="time" value={inputs.windowStart} onChange={set('windowStart')} {...invalid('windowStart')} />
          </Field>
          <Field id="series-windowEnd" label={i18n._('series.form.to')} error={errors.windowEnd}>
            <Input id="series-windowEnd" type="time" value={inputs.windowEnd} onChange={set('windowEnd')} {...invalid('windowEnd')} />
          </Field>
          <div className="col-span-2">
            <Field id="series-timeZone" label={i18n._('series.form.timeZone')} error={errors.timeZone} hint={i18n._('series.form.timeZoneHint')}>
              <Input
                id="series-timeZone"
                value={inputs.timeZone}
                onChange={set('timeZone')}
                list={zones.length ? zoneList : undefined}
                autoComplete="off"
                spellCheck={false}
                {...invalid('timeZone')}
              />
            </Field>
            {zones.length > 0 && (
              <datalist id={zoneList}>
                {zones.map((z) => (
                  <option key={z} value={z} />
                ))}
              </datalist>
            )}
          </div>
        </div>
      </fieldset>

      <div className="grid grid-cols-2 gap-3">
        <Field id="series-startDate" label={i18n._('series.form.startDate')} error={errors.startDate}>
          <Input id="series-startDate" type="date" value={inputs.startDate} onChange={set('startDate')} {...invalid('startDate')} />
        </Field>
        <Field id="series-endDate" label={i18n._('series.form.endDate')} error={errors.endDate} hint={i18n._('series.form.endDateHint')}>
          <Input id="series-endDate" type="date" value={inputs.endDate} min={inputs.startDate || undefined} onChange={set('endDate')} {...invalid('endDate')} />
        </Field>
        <div className="col-span-2">
          <Field id="series-keepsHours" label={i18n._('series.form.keeps')} error={errors.keepsHours} hint={i18n._('series.form.keepsHint')}>
            <Input
              id="series-keepsHours"
              type="number"
              inputMode="numeric"
              min={0}
              max={SERIES_KEEPS_HOURS_MAX}
              step={1}
              value={inputs.keepsHours}
              onChange={set('keepsHours')}
              className="max-w-40"
              {...invalid('keepsHours')}
            />
          </Field>
        </div>
      </div>

      <SaveNotice series={series} reverify={reverify} />

      {failure && (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-destructive">
          <p className="font-semibold">{i18n._('series.edit.failed')}</p>
          <p>{failure}</p>
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
          {i18n._('series.form.cancel')}
        </Button>
        <Button type="submit" disabled={uploading || submitting}>
          {uploading ? i18n._('series.form.uploading') : submitting ? i18n._('series.form.saving') : series ? i18n._('series.edit.submit') : i18n._('series.form.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * What saving does with the admin's verification: a new series waits for it; an edit of what a Verified series' admin
 * checked sends it back (said as soon as a box changes, in the amber of a warning), anything else changes at once.
 * Nothing is said of a series found ended or rejected by a refusal: the refusal says it.
 */
function SaveNotice({ series, reverify }: { series: DonationSeries | undefined; reverify: readonly CheckedField[] }) {
  const i18n = useI18n();
  const warns = reverify.length > 0;
  const text = !series
    ? i18n._('series.form.verifyNotice')
    : warns
      ? i18n._('series.edit.reverifyChanged', { fields: checkedFieldNames(i18n, reverify) })
      : series.status === 'Verified'
        ? i18n._('series.edit.freeNotice')
        : series.status === 'Pending'
          ? i18n._('series.edit.pendingNotice')
          : undefined;
  if (!text) return null;
  return (
    <p role="status" className={cn('rounded-lg border p-3 text-sm', warns ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-border bg-stone-50 text-stone-700')}>
      {text}
    </p>
  );
}
