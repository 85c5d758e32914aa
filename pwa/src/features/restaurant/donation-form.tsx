import { useEffect, useState, type FormEvent } from 'react';
import { FOOD_TYPES } from '@foodbridge/shared/constants';
import { MSG } from '@foodbridge/shared/messages';
import { BEST_BEFORE_MAX_DAYS, DonationCreateSchema, DonationCreateWithBestBeforeSchema, RESTAURANT_NOTE_MAX, type Donation } from '@foodbridge/shared/schemas/donation';
import { ImageUpload } from '@/components/image-upload';
import { QuantityField, unitRequired, type UnitChoice } from '@/components/quantity-field';
import { Button } from '@/components/ui/button';
import { Field, Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useSession } from '@/lib/auth/session-store';
import { myOrganisationPath } from '@/lib/my-organisation';
import { useApi } from '@/lib/use-api';
import { fromLocalInput, toLocalInput } from '@/lib/best-before';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { reverifyFieldNames, reverifyFields } from './donation-status';
import { coordinatesOf, NO_POINT, PickupPointFields, pointText, type PointText } from './pickup-point-fields';
import { AddressSearch } from './address-search';
import { FoodSafetyFields, foodSafetyBody, foodSafetyErrors, foodSafetyInputs, NO_FOOD_SAFETY, type FoodSafetyInputs } from './food-safety-fields';
import { NO_WINDOW, windowBody, windowInputs, type WindowInputs } from './pickup-window-fields';

export type DonationValues = NonNullable<ReturnType<typeof DonationCreateSchema.safeParse>['data']>;

interface Fields {
  title: string;
  foodType: string;
  quantity: string;
  /** None for a new donation until the restaurant picks one (issue 50): a preselected kg posted portions as kilograms. */
  unit: UnitChoice;
  pickupTime: string;
  location: string;
  /** The restaurant's note to whoever collects (issue 49); empty: none. */
  restaurantNote: string;
  /** The `datetime-local` value, in the device's time zone. */
  bestBefore: string;
}

// The spec's 'Image missing' is a toast; it stays while the picture is missing and goes once one is uploaded.
const IMAGE_MISSING = { id: 'donation-image-missing' };

const EMPTY: Fields = { title: '', foodType: '', quantity: '', unit: '', pickupTime: '', location: '', restaurantNote: '', bestBefore: '' };

// A cooked meal is good for an evening, not a week: the form proposes this much, and the restaurant may change it.
const COOKED_MEAL_HOURS = 4;

function fieldsOf(d: Donation | undefined): Fields {
  if (!d) return EMPTY;
  return {
    title: d.title,
    foodType: d.foodType,
    quantity: String(d.quantity),
    unit: d.unit ?? 'kg',
    pickupTime: d.pickupTime,
    location: d.location,
    restaurantNote: d.restaurantNote ?? '',
    bestBefore: toLocalInput(d.bestBefore),
  };
}

/**
 * Add and edit share this form: the picture is uploaded first, then the fields are checked with the shared
 * DonationCreateSchema (the server parses the body with the same schema). `onSubmit` resolves true when the form
 * should be cleared.
 */
export function DonationForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  initial?: Donation;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: DonationValues) => Promise<boolean>;
}) {
  const i18n = useI18n();
  const user = useSession((s) => s.user);
  // Posted under the restaurant's name and e-mail, whichever member posts (issue 46): a donation being edited has
  // them; a new one reads the organisation's, the account's own until it is known.
  const organisation = useApi(initial ? null : myOrganisationPath).data;
  const postedBy = initial
    ? { name: initial.restaurantName, email: initial.restaurantEmail }
    : { name: organisation?.name ?? user?.name, email: organisation?.email ?? user?.email };
  const [fields, setFields] = useState<Fields>(() => fieldsOf(initial));
  const [image, setImage] = useState<string | undefined>(initial?.image);
  // Empty: the server takes the restaurant's pickup point from its profile.
  const [point, setPoint] = useState<PointText>(() => pointText(initial));
  const [pointOpen, setPointOpen] = useState(() => Boolean(pointText(initial).latitude));
  const [pickupWindow, setPickupWindow] = useState<WindowInputs>(() => windowInputs(initial));
  const [foodSafety, setFoodSafety] = useState<FoodSafetyInputs>(() => foodSafetyInputs(initial));
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => () => notify.dismiss(IMAGE_MISSING.id), []);

  // A new donation's location starts as the restaurant's address (issue 50), unless something was typed first: most
  // food is picked up where the profile says.
  const profileAddress = organisation?.address?.slice(0, 200);
  useEffect(() => {
    if (profileAddress) setFields((f) => (f.location ? f : { ...f, location: profileAddress }));
  }, [profileAddress]);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const setFoodType = (e: { target: { value: string } }) => {
    const foodType = e.target.value;
    const propose = foodType === 'Cooked Meal' && fields.bestBefore === '';
    setFields((f) => ({ ...f, foodType, ...(propose ? { bestBefore: toLocalInput(Date.now() + COOKED_MEAL_HOURS * 3_600_000) } : {}) }));
    setErrors((errs) => {
      const { foodType: _f, ...rest } = errs;
      if (!propose) return rest;
      const { bestBefore: _b, ...others } = rest;
      return others;
    });
  };

  // An edit that leaves the time as it was does not send it: a donation without one may stay without one, and one
  // whose time has passed can still have its quantity corrected (the restaurant extends it by changing the time).
  const keepsBestBefore = !!initial && fields.bestBefore === toLocalInput(initial.bestBefore);
  // The same for the window: one that has passed stays as it is while the rest is corrected.
  const initialWindow = windowInputs(initial);
  const keepsWindow = !!initial && pickupWindow.day === initialWindow.day && pickupWindow.from === initialWindow.from && pickupWindow.to === initialWindow.to;
  const setWindowPart = (key: keyof WindowInputs) => (e: { target: { value: string } }) => {
    setPickupWindow((w) => ({ ...w, [key]: e.target.value }));
    setErrors((errs) => withoutField(withoutField(errs, 'pickupStart'), 'pickupEnd'));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (uploading || submitting) return;
    const { bestBefore, ...rest } = fields;
    const body = {
      ...rest,
      // Empty must read 'Quantity is required', not 'greater than 0' (coercion turns '' into 0).
      quantity: fields.quantity.trim() === '' ? undefined : fields.quantity,
      image,
      ...coordinatesOf(point),
      ...(keepsWindow ? {} : windowBody(pickupWindow)),
      // The words are the spec's clients'; with a window they may be left for the server to write.
      pickupTime: fields.pickupTime.trim() === '' && pickupWindow.day ? undefined : fields.pickupTime,
      ...foodSafetyBody(foodSafety),
    };
    const result = keepsBestBefore
      ? DonationCreateSchema.safeParse(body)
      : DonationCreateWithBestBeforeSchema.safeParse({ ...body, bestBefore: fromLocalInput(bestBefore) });
    const safetyErrors = foodSafetyErrors(i18n, foodSafety);
    if (!result.success || Object.keys(safetyErrors).length) {
      const found = { ...(result.success ? {} : firstErrors(result.error.issues)), ...safetyErrors };
      // No unit chosen is sent as '', which the shared enum refuses in its place among the fields (the schema's default
      // kg is for the API's older clients, and must not stand in for a choice here); said in this form's own words.
      if (found.unit !== undefined) found.unit = unitRequired(i18n);
      setErrors(found);
      if (found.image) notify.error(i18n._('restaurant.donationForm.imageMissing'), MSG.imageRequired, IMAGE_MISSING);
      const first = Object.keys(found)[0];
      const focus = () => document.getElementById(`donation-${first}`)?.focus();
      // A box inside the closed 'Pickup point' cannot take the focus until the disclosure has opened.
      if (first === 'latitude' || first === 'longitude') requestAnimationFrame(focus);
      else focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (await onSubmit(result.data)) {
        setFields({ ...EMPTY, location: profileAddress ?? '' });
        setImage(undefined);
        setPoint(NO_POINT);
        setPickupWindow(NO_WINDOW);
        setFoodSafety(NO_FOOD_SAFETY);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const reverify = initial ? reverifyFields(initial, { ...fields, image: image ?? '' }) : [];

  const invalid = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `donation-${key}-error` } : {});

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <ImageUpload
        id="donation-image"
        label={i18n._('restaurant.donationForm.picture')}
        value={image}
        onChange={(url) => {
          setImage(url);
          if (!url) return;
          notify.dismiss(IMAGE_MISSING.id);
          if (errors.image) setErrors(({ image: _, ...rest }) => rest);
        }}
        onUploadingChange={setUploading}
        // Said once, by the toast: the picker is only marked.
        invalid={!!errors.image}
      />

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="donation-title" label={i18n._('restaurant.donationForm.title')} error={errors.title}>
            <Input
              id="donation-title"
              value={fields.title}
              onChange={set('title')}
              placeholder={i18n._('restaurant.donationForm.titlePlaceholder')}
              maxLength={120}
              {...invalid('title')}
            />
          </Field>
        </div>
        <Field id="donation-foodType" label={i18n._('restaurant.donationForm.foodType')} error={errors.foodType}>
          <NativeSelect id="donation-foodType" value={fields.foodType} onChange={setFoodType} {...invalid('foodType')}>
            <option value="" disabled>
              {i18n._('restaurant.donationForm.foodTypePlaceholder')}
            </option>
            {FOOD_TYPES.map((t) => (
              <option key={t} value={t}>
                {foodTypeLabel(i18n, t)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <QuantityField
          idPrefix="donation"
          label={i18n._('restaurant.donationForm.quantity')}
          placeholder={i18n._('restaurant.donationForm.quantityPlaceholder')}
          quantity={fields.quantity}
          unit={fields.unit}
          errors={errors}
          onQuantityChange={set('quantity')}
          onUnitChange={set('unit')}
        />
        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:col-span-2" aria-describedby="donation-window-hint">
          <legend className="px-1 text-sm font-semibold text-stone-700">{i18n._('restaurant.donationForm.window')}</legend>
          <p id="donation-window-hint" className="text-xs text-muted-foreground">
            {i18n._('restaurant.donationForm.windowHint')}
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="col-span-2 sm:col-span-1">
              <Field id="donation-pickupStart" label={i18n._('restaurant.donationForm.windowDay')}>
                <Input id="donation-pickupStart" type="date" value={pickupWindow.day} onChange={setWindowPart('day')} min={toLocalInput(Date.now()).slice(0, 10)} />
              </Field>
            </div>
            <Field id="donation-pickupFrom" label={i18n._('restaurant.donationForm.windowFrom')}>
              <Input id="donation-pickupFrom" type="time" value={pickupWindow.from} onChange={setWindowPart('from')} />
            </Field>
            <Field id="donation-pickupEnd" label={i18n._('restaurant.donationForm.windowTo')} error={errors.pickupEnd ?? errors.pickupStart}>
              <Input id="donation-pickupEnd" type="time" value={pickupWindow.to} onChange={setWindowPart('to')} {...invalid('pickupEnd')} />
            </Field>
          </div>
        </fieldset>
        <Field
          id="donation-pickupTime"
          label={i18n._('restaurant.donationForm.pickupTime')}
          error={errors.pickupTime}
          hint={i18n._('restaurant.donationForm.pickupTimeHint')}
        >
          <Input
            id="donation-pickupTime"
            value={fields.pickupTime}
            onChange={set('pickupTime')}
            placeholder={i18n._('restaurant.donationForm.pickupTimePlaceholder')}
            maxLength={120}
            {...invalid('pickupTime')}
          />
        </Field>
        <Field id="donation-location" label={i18n._('restaurant.donationForm.location')} error={errors.location}>
          <Input
            id="donation-location"
            value={fields.location}
            onChange={set('location')}
            placeholder={i18n._('restaurant.donationForm.locationPlaceholder')}
            maxLength={200}
            autoComplete="street-address"
            {...invalid('location')}
          />
        </Field>
        <Field id="donation-restaurantNote" label={i18n._('restaurant.donationForm.pickupNote')} error={errors.restaurantNote}>
          <Textarea
            id="donation-restaurantNote"
            value={fields.restaurantNote}
            onChange={set('restaurantNote')}
            placeholder={i18n._('restaurant.donationForm.pickupNotePlaceholder')}
            maxLength={RESTAURANT_NOTE_MAX}
            rows={2}
            {...invalid('restaurantNote')}
          />
        </Field>
        <Field
          id="donation-bestBefore"
          label={i18n._('restaurant.donationForm.bestBefore')}
          error={errors.bestBefore}
          hint={i18n._('restaurant.donationForm.bestBeforeHint', { days: BEST_BEFORE_MAX_DAYS })}
        >
          <Input
            id="donation-bestBefore"
            type="datetime-local"
            value={fields.bestBefore}
            onChange={set('bestBefore')}
            min={toLocalInput(Date.now())}
            max={toLocalInput(Date.now() + BEST_BEFORE_MAX_DAYS * 86_400_000)}
            required={!initial || !!initial.bestBefore}
            {...invalid('bestBefore')}
          />
        </Field>
      </div>

      {/* Closed unless it holds something: most donations are picked up where the profile says. */}
      <details
        className="rounded-lg border border-border p-4"
        open={pointOpen || Boolean(errors.latitude || errors.longitude)}
        onToggle={(e) => setPointOpen(e.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-semibold text-stone-700">{i18n._('restaurant.donationForm.point')}</summary>
        <p className="mb-3 mt-2 text-xs text-muted-foreground">
          {initial ? i18n._('restaurant.donationForm.pointHintEdit') : i18n._('restaurant.donationForm.pointHintAdd')}
        </p>
        <AddressSearch
          idPrefix="donation"
          onPick={(place) => {
            setFields((f) => ({ ...f, location: place.label.slice(0, 200) }));
            setPoint(pointText(place));
            setErrors((errs) => withoutField(withoutField(withoutField(errs, 'location'), 'latitude'), 'longitude'));
          }}
        />
        <PickupPointFields
          idPrefix="donation"
          value={point}
          errors={errors}
          onChange={(next, edited) => {
            setPoint(next);
            setErrors((errs) => (edited === 'both' ? withoutField(withoutField(errs, 'latitude'), 'longitude') : withoutField(errs, edited)));
          }}
        />
      </details>

      <FoodSafetyFields
        idPrefix="donation"
        value={foodSafety}
        errors={errors}
        onChange={(next) => {
          setFoodSafety(next);
          setErrors((errs) => withoutField(withoutField(errs, 'allergens'), 'dietary'));
        }}
      />

      <fieldset className="grid grid-cols-1 gap-5 rounded-lg border border-border bg-stone-50 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-stone-700">{i18n._('restaurant.donationForm.postedBy')}</legend>
        <Field id="donation-restaurantName" label={i18n._('restaurant.donationForm.restaurantName')}>
          <Input id="donation-restaurantName" value={postedBy.name || i18n._('restaurant.donationForm.noName')} readOnly className="bg-stone-100" />
        </Field>
        <Field id="donation-restaurantEmail" label={i18n._('restaurant.donationForm.restaurantEmail')}>
          <Input id="donation-restaurantEmail" value={postedBy.email || i18n._('restaurant.donationForm.noEmail')} readOnly className="bg-stone-100" />
        </Field>
      </fieldset>

      {initial?.status === 'Verified' && (
        <p role="status" className={`rounded-lg border p-3 text-sm ${reverify.length ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-border bg-stone-50 text-stone-600'}`}>
          {reverify.length
            ? i18n._('restaurant.donationForm.reverifyChanged', { fields: reverifyFieldNames(i18n, reverify) })
            : i18n._('restaurant.donationForm.reverifyNotice')}
        </p>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" disabled={uploading || submitting} className="w-full sm:w-auto">
          {uploading ? i18n._('restaurant.donationForm.uploading') : submitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
