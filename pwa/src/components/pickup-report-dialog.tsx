import { useState, type FormEvent } from 'react';
import type { QuantityUnit } from '@foodbridge/shared/constants';
import { PICKUP_NONE_REASONS, PickupReportSchema, type PickupOutcome, type PickupReport } from '@foodbridge/shared/schemas/impact';
import { errorAria } from '@/components/field-aria';
import { PickupPhotosField } from '@/components/pickup-photos-field';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, Input, NativeSelect, Textarea } from '@/components/ui/input';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { pickupReasonLabel } from '@/lib/history-words';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import type { ResizedPhoto } from '@/lib/photos/resize';
import { cn } from '@/lib/utils';

const OUTCOMES: { value: PickupOutcome; label: string }[] = [
  { value: 'all', label: /*i18n*/ 'pickupReport.outcome.all' },
  { value: 'part', label: /*i18n*/ 'pickupReport.outcome.part' },
  { value: 'none', label: /*i18n*/ 'pickupReport.outcome.none' },
];

// The note's limit, read from the shared schema rather than repeated: the counter and the schema's message agree.
const NOTE_MAX = PickupReportSchema.shape.note.unwrap().maxLength ?? 500;

/** The donation as the report needs it: what the driver is confirming, and how the restaurant measured it. */
export interface ReportedDonation {
  _id: string;
  title: string;
  quantity: number;
  unit: QuantityUnit;
}

interface Draft {
  weight: string;
  outcome: PickupOutcome;
  reason: string;
  note: string;
}

/** The defaults one tap keeps: everything collected, weighing what the restaurant listed when it listed kilograms. */
export function defaultDraft(donation: Pick<ReportedDonation, 'quantity' | 'unit'>): Draft {
  return { weight: donation.unit === 'kg' ? String(donation.quantity) : '', outcome: 'all', reason: '', note: '' };
}

/** A stored report as the form shows it, for its correction. */
export function reportToDraft(report: PickupReport): Draft {
  return { weight: String(report.weightKg), outcome: report.outcome, reason: report.reason ?? '', note: report.note ?? '' };
}

/** The words of the dialog: confirming a pickup by default, correcting its report with `loadInitial`. */
export interface PickupReportDialogTexts {
  trigger: string;
  busy: string;
  title: string;
  description: string;
  submit: string;
  cancel: string;
  failure: string;
}

/**
 * The draft as the shared schema reads it. A blank weight is absent (not 0), so that it reads as missing; a phone's
 * decimal comma is accepted. Nothing collected weighs 0 kg; a reason and a blank note are sent only when they say
 * something.
 */
export function draftToInput(draft: Draft): Record<string, unknown> {
  const weight = draft.weight.trim().replace(',', '.');
  const note = draft.note.trim();
  return {
    weightKg: draft.outcome === 'none' ? 0 : weight === '' ? undefined : Number(weight),
    outcome: draft.outcome,
    ...(draft.outcome === 'none' && draft.reason ? { reason: draft.reason } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * Confirm Pickup with its report: what was collected (all, part or nothing, with a reason for nothing), its weight
 * in kilograms and an optional note. The defaults stand for the usual pickup, so a driver in a hurry confirms with
 * two taps (Confirm Pickup, then 'Yes, confirm pickup'); a donation listed in portions needs its weight first.
 * An alertdialog, like every confirmation in the app: a stray tap outside does not throw the report away.
 */
export function PickupReportDialog({
  donation,
  onConfirm,
  triggerClassName,
  texts: ownTexts,
  loadInitial,
}: {
  donation: ReportedDonation;
  /**
   * Queues the confirmation with its report and the photos added to it (already made small on the device); a failure
   * leaves the dialog open with the report as entered.
   */
  onConfirm: (report: PickupReport, photos: ResizedPhoto[]) => Promise<void>;
  triggerClassName?: string;
  texts?: Partial<PickupReportDialogTexts>;
  /**
   * The report to start from (a correction of the stored one), read as the dialog opens; when it fails, the dialog
   * stays closed and says why. Without it, the defaults of a new pickup, and 'Add photos' (a correction, sent online,
   * offers none).
   */
  loadInitial?: () => Promise<PickupReport | null>;
}) {
  const i18n = useI18n();
  const texts: PickupReportDialogTexts = {
    trigger: i18n._('pickupReport.trigger'),
    busy: i18n._('pickupReport.busy'),
    title: i18n._('pickupReport.title'),
    description: i18n._('pickupReport.description', { title: donation.title }),
    submit: i18n._('pickupReport.submit'),
    cancel: i18n._('pickupReport.cancel'),
    failure: i18n._('pickupReport.failure'),
    ...ownTexts,
  };
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => defaultDraft(donation));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<ResizedPhoto[]>([]);
  const [preparing, setPreparing] = useState(false);
  const offersPhotos = !loadInitial;
  // Several cards each have this dialog; the ids still differ, so a label never points into another card's form.
  const base = `pickup-report-${donation._id}`;
  const ids = { outcome: `${base}-outcome`, reason: `${base}-reason`, weightKg: `${base}-weight`, note: `${base}-note`, photos: `${base}-photos` };
  const submitId = `${base}-submit`;
  // Field's own hint goes when an error shows and has no id; these stay, and the inputs name them with the error.
  const hintOf = (id: string) => `${id}-hint`;
  const describedBy = (id: string, error: string | undefined) => (error ? `${hintOf(id)} ${id}-error` : hintOf(id));

  function openChange(next: boolean) {
    if (busy) return;
    if (next && loadInitial) {
      setBusy(true);
      setErrors({});
      loadInitial()
        .then((initial) => {
          setDraft(initial ? reportToDraft(initial) : defaultDraft(donation));
          setOpen(true);
        })
        .catch((err: unknown) => notify.error(texts.failure, errorMessage(err, i18n._('common.tryAgainLater'))))
        .finally(() => setBusy(false));
      return;
    }
    if (next) {
      setDraft(defaultDraft(donation));
      setErrors({});
      setPhotos([]);
    }
    setOpen(next);
  }

  function edit<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    // A new outcome changes what the reason and the weight must be: their old messages no longer apply.
    const cleared = field === 'weight' ? ['weightKg'] : field === 'outcome' ? ['outcome', 'reason', 'weightKg'] : [field];
    setErrors((all) => cleared.reduce(withoutField, all));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = PickupReportSchema.safeParse(draftToInput(draft));
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      // The first field in the form's order that needs the driver.
      const first = (['outcome', 'reason', 'weightKg', 'note'] as const).find((f) => f in found);
      if (first) document.getElementById(first === 'outcome' ? `${ids.outcome}-all` : ids[first])?.focus();
      return;
    }
    setBusy(true);
    try {
      await onConfirm(parsed.data, photos);
      setOpen(false);
      setPhotos([]);
    } catch (err) {
      notify.error(texts.failure, errorMessage(err, i18n._('common.tryAgainLater')));
    } finally {
      setBusy(false);
    }
  }

  const none = draft.outcome === 'none';
  const weightHint = none
    ? i18n._('pickupReport.weightHint.none')
    : donation.unit === 'kg'
      ? i18n._('pickupReport.weightHint.kg', { quantity: donation.quantity })
      : i18n._('pickupReport.weightHint.portions', { quantity: donation.quantity });

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger className={cn(buttonVariants({ variant: 'default', size: 'sm' }), triggerClassName)} disabled={busy}>
        {busy ? texts.busy : texts.trigger}
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
        onOpenAutoFocus={(e) => {
          // A weight to enter gets the keyboard at once; otherwise the confirm button, one more tap (or Enter) away.
          e.preventDefault();
          document.getElementById(donation.unit === 'kg' ? submitId : ids.weightKg)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          <fieldset
            role="radiogroup"
            aria-labelledby={`${ids.outcome}-legend`}
            className="flex flex-col gap-1.5"
            {...errorAria(ids.outcome, errors.outcome)}
          >
            <legend id={`${ids.outcome}-legend`} className="mb-1.5 text-sm font-medium text-foreground">
              {i18n._('pickupReport.outcome.legend')}
            </legend>
            <div className="grid grid-cols-3 gap-2">
              {OUTCOMES.map((o) => (
                <label
                  key={o.value}
                  className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-border bg-white px-2 text-center text-sm font-medium has-checked:border-brand-800 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring sm:min-h-10"
                >
                  <input
                    type="radio"
                    id={`${ids.outcome}-${o.value}`}
                    name={`${base}-outcome`}
                    value={o.value}
                    checked={draft.outcome === o.value}
                    onChange={() => edit('outcome', o.value)}
                    className="sr-only"
                  />
                  {i18n._(o.label)}
                </label>
              ))}
            </div>
            {errors.outcome && (
              <p id={`${ids.outcome}-error`} role="alert" className="text-sm text-destructive">
                {errors.outcome}
              </p>
            )}
          </fieldset>
          {none && (
            <Field id={ids.reason} label={i18n._('pickupReport.reason.label')} error={errors.reason}>
              <NativeSelect
                id={ids.reason}
                name="reason"
                {...errorAria(ids.reason, errors.reason)}
                required
                value={draft.reason}
                onChange={(e) => edit('reason', e.target.value)}
              >
                <option value="" disabled>
                  {i18n._('pickupReport.reason.choose')}
                </option>
                {PICKUP_NONE_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {pickupReasonLabel(i18n, r)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
          <Field id={ids.weightKg} label={i18n._('pickupReport.weight')} error={errors.weightKg}>
            <Input
              id={ids.weightKg}
              name="weightKg"
              {...errorAria(ids.weightKg, errors.weightKg)}
              aria-describedby={describedBy(ids.weightKg, errors.weightKg)}
              inputMode="decimal"
              autoComplete="off"
              required={!none}
              disabled={none}
              value={none ? '0' : draft.weight}
              onChange={(e) => edit('weight', e.target.value)}
            />
            <p id={hintOf(ids.weightKg)} className="text-xs text-muted-foreground">
              {weightHint}
            </p>
          </Field>
          <Field id={ids.note} label={i18n._('pickupReport.note')} error={errors.note}>
            <Textarea
              id={ids.note}
              name="note"
              {...errorAria(ids.note, errors.note)}
              aria-describedby={describedBy(ids.note, errors.note)}
              rows={2}
              className="min-h-16"
              placeholder={i18n._('pickupReport.notePlaceholder')}
              value={draft.note}
              onChange={(e) => edit('note', e.target.value)}
            />
            <p id={hintOf(ids.note)} className="text-xs text-muted-foreground">
              {i18n._('pickupReport.noteCount', { count: draft.note.trim().length, max: NOTE_MAX })}
            </p>
          </Field>
          {offersPhotos && <PickupPhotosField id={ids.photos} photos={photos} onChange={setPhotos} onPreparingChange={setPreparing} disabled={busy} />}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {texts.cancel}
              </Button>
            </DialogClose>
            {/* A photo still being made small would be left out: the confirmation waits for it (a moment). */}
            <Button id={submitId} type="submit" disabled={busy || preparing}>
              {busy ? texts.busy : texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
