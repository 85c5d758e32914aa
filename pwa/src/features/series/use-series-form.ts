import { useState, type FormEvent } from 'react';
import type { DonationSeries } from '@foodbridge/shared/schemas/donation-series';
import { unitRequired } from '@/components/quantity-field';
import { ApiError } from '@/lib/api-client';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { reverifyFieldsOf } from './series-changes';
import { firstProblem, initialInputs, inputsOf, parseSeriesInputs, serverProblemBox, toggleDay, type SeriesInputs, type SeriesValues } from './series-form-values';

/** The element that takes the focus for a box with a problem: the days' first button, else the box itself. */
const focusProblem = (box: string | undefined) => document.getElementById(box === 'weekdays' ? 'series-weekday-1' : `series-${box}`)?.focus();

/**
 * The regular donation form's state: its boxes (a new series' proposals, or the series being edited as it is), the
 * picture (an edited series' own until another is uploaded), the problems by box, and the send. `onSubmit` resolves
 * true when the form is done, or rejects with the server's refusal: one naming a box is said under it, others above
 * the buttons (`failure`), each in the reader's language.
 */
export function useSeriesForm({ series, onSubmit }: { series: DonationSeries | undefined; onSubmit: (values: SeriesValues) => Promise<boolean> }) {
  const i18n = useI18n();
  const [inputs, setInputs] = useState<SeriesInputs>(() => (series ? inputsOf(series) : initialInputs()));
  const [image, setImage] = useState<string | undefined>(series?.image);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const set = (key: Exclude<keyof SeriesInputs, 'weekdays'>) => (e: { target: { value: string } }) => {
    setInputs((f) => ({ ...f, [key]: e.target.value }));
    setErrors((errs) => withoutField(errs, key));
  };
  const switchDay = (day: number) => {
    setInputs((f) => ({ ...f, weekdays: toggleDay(f.weekdays, day) }));
    setErrors((errs) => withoutField(errs, 'weekdays'));
  };
  // A failed upload takes the new picture away; an edited series keeps its own.
  const choosePicture = (url: string | undefined) => {
    setImage(url ?? series?.image);
    if (url) setErrors((errs) => withoutField(errs, 'image'));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (uploading || submitting) return;
    setFailure(undefined);
    const result = parseSeriesInputs(inputs, image, series?.rrule);
    if (!result.success) {
      const found = firstErrors(result.error.issues);
      // No unit chosen is sent as '', which the shared enum refuses; said in the form's own words (quantity-field.tsx).
      if (found.unit !== undefined) found.unit = unitRequired(i18n);
      setErrors(found);
      focusProblem(firstProblem(found));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if ((await onSubmit(result.data)) && !series) {
        setInputs(initialInputs());
        setImage(undefined);
      }
    } catch (err) {
      const refusal = err instanceof ApiError && err.status < 500 && err.message ? err : undefined;
      const box = serverProblemBox(refusal?.code);
      if (refusal && box) {
        setErrors({ [box]: refusal.message });
        focusProblem(box);
      } else setFailure(refusal?.message ?? i18n._('common.tryAgainLater'));
    } finally {
      setSubmitting(false);
    }
  }

  // What an admin checked that the boxes change now, for the note that says what saving will do.
  const reverify = series
    ? reverifyFieldsOf(series, { title: inputs.title.trim() || undefined, foodType: inputs.foodType || undefined, image, location: inputs.location.trim() || undefined })
    : [];

  return { inputs, image, errors, failure, uploading, submitting, reverify, set, switchDay, choosePicture, setUploading, submit };
}
