import { useState, type FormEvent } from 'react';
import { errorText } from '@foodbridge/shared/errors';
import { plannedPickupProblem } from '@foodbridge/shared/pickup-window';
import { DonationRequestCreateSchema, PICKUP_AT_MAX_DAYS } from '@foodbridge/shared/schemas/donation-request';
import { namedControl } from '@/components/field-aria';
import { FormDialog } from '@/components/form-dialog';
import { Field, Input, Textarea } from '@/components/ui/input';
import { useDialogSubmit, type SubmitDialogProps } from '@/components/use-dialog-submit';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { requestDonation } from '../api';
import { firstErrors } from '@/lib/form-errors';

/** A Date as a `datetime-local` value ('2026-11-24T18:30'), in the device's own time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The form's one date-and-time field as the API takes it: the spec's `pickupTime` (time of day, '18:30') and, beside
 * it, the day as an ISO instant (`pickupAt`). Empty or unreadable input gives empty fields for the schema to name.
 */
export function pickupFields(value: string): { pickupTime: string; pickupAt?: string } {
  const when = value ? new Date(value) : undefined;
  if (!when || Number.isNaN(when.getTime())) return { pickupTime: '' };
  return { pickupTime: value.slice(11, 16), pickupAt: when.toISOString() };
}

/** What the restaurant's offer allows a charity to plan: when it is collected and how long the food keeps. */
export interface PickupLimits {
  pickupStart?: string | undefined;
  pickupEnd?: string | undefined;
  bestBefore?: string | undefined;
}

/**
 * The times the picker offers: from now (or the window's opening) to the window's end or the food's best before,
 * whichever comes first, and never more than PICKUP_AT_MAX_DAYS ahead. The server holds a planned time to the same.
 */
export function pickupBounds(limits: PickupLimits, now: Date): { min: string; max: string } {
  const start = limits.pickupStart ? Date.parse(limits.pickupStart) : NaN;
  const ends = [limits.pickupEnd, limits.bestBefore].map((at) => (at ? Date.parse(at) : NaN)).filter(Number.isFinite);
  const min = Number.isFinite(start) && start > now.getTime() ? start : now.getTime();
  const max = Math.min(now.getTime() + PICKUP_AT_MAX_DAYS * 86_400_000, ...ends);
  return { min: toLocalInputValue(new Date(min)), max: toLocalInputValue(new Date(max)) };
}

/** A charity asks the restaurant for a verified donation: why they need it and when they will come. */
export function RequestDonationDialog({
  donation,
  ...parent
}: { donation: { _id: string; title: string; pickupTime?: string | undefined } & PickupLimits } & SubmitDialogProps) {
  const i18n = useI18n();
  const [requestDescription, setRequestDescription] = useState('');
  const [pickupWhen, setPickupWhen] = useState('');
  // Computed when the dialog opens: a form left open a while still offers the minutes that have passed, and the
  // schema (with a few minutes' grace) has the last word.
  const [bounds] = useState(() => pickupBounds(donation, new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submitting, send, dialog } = useDialogSubmit(parent);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = DonationRequestCreateSchema.safeParse({ donationId: donation._id, requestDescription, ...pickupFields(pickupWhen) });
    // Both pickup fields come from the one input, so their messages show under it.
    const issues = parsed.success ? {} : firstErrors(parsed.error.issues);
    if (issues.pickupAt && !issues.pickupTime) issues.pickupTime = issues.pickupAt;
    // Inside the restaurant's window and before best before: said here rather than after the server's refusal.
    const planned = parsed.success ? plannedPickupProblem(parsed.data.pickupAt, donation) : undefined;
    if (planned) issues.pickupTime = errorMessage(planned, errorText(planned));
    setErrors(issues);
    if (!parsed.success || planned) return;
    await send(async () => {
      try {
        await requestDonation(parsed.data);
        notify.success(i18n._('request.submitted'), i18n._('request.submittedDetail'));
      } catch (err) {
        // Already requested (another tab, a double tap): the request the charity wanted exists, so this one is done.
        if (!(err instanceof ApiError && err.status === 409)) throw err;
        notify.warning(err.message || i18n._('request.alreadyRequested'));
      }
    }, i18n._('request.failed'));
  }

  return (
    <FormDialog
      {...dialog}
      title={i18n._('request.title')}
      description={i18n._('request.description', { title: donation.title })}
      onSubmit={submit}
      submitLabel={submitting ? i18n._('request.submitting') : i18n._('request.submit')}
    >
      <Field id="requestDescription" label={i18n._('request.descriptionLabel')} error={errors.requestDescription}>
        <Textarea
          {...namedControl('requestDescription', errors)}
          required
          maxLength={1000}
          placeholder={i18n._('request.descriptionPlaceholder')}
          value={requestDescription}
          onChange={(e) => setRequestDescription(e.target.value)}
        />
      </Field>
      <Field
        id="pickupTime"
        label={i18n._('request.pickupLabel')}
        error={errors.pickupTime}
        hint={donation.pickupTime ? i18n._('request.pickupWindowHint', { window: donation.pickupTime }) : undefined}
      >
        <Input
          {...namedControl('pickupTime', errors)}
          type="datetime-local"
          required
          min={bounds.min}
          max={bounds.max}
          value={pickupWhen}
          onChange={(e) => setPickupWhen(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
