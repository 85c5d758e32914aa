import { useId, useState, type FormEvent } from 'react';
import { LocateFixed } from 'lucide-react';
import { FOOD_TYPES, type FoodType } from '@foodbridge/shared/constants';
import { CharityPreferencesSchema, NOTIFY_RADIUS_CHOICES_KM, type CharityPreferences } from '@foodbridge/shared/schemas/charity-preferences';
import { isOfflineError } from '@/components/sync-status';
import { Button } from '@/components/ui/button';
import { Field, Input, NativeSelect } from '@/components/ui/input';
import { ErrorState } from '@/components/ui/states';
import { Skeleton } from '@/components/ui/skeleton';
import { firstErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel } from '@/lib/labels';
import { useLocate } from '@/lib/use-locate';
import { errorMessage, notify } from '@/lib/notify';
import {
  alertsSummary,
  draftOf,
  inputOf,
  saveCharityPreferences,
  useCharityPreferences,
  type PreferencesDraft,
} from '../charity-preferences';

/** Coordinates to five decimals (about a metre), in the language's digits. */
const COORDINATE: Intl.NumberFormatOptions = { minimumFractionDigits: 5, maximumFractionDigits: 5, useGrouping: false };

/**
 * 'Home base and alerts' on the charity's profile: where it collects from (the origin of 'Nearest first' when the
 * browser's position is not shared) and which new verified donations it is told of. The browser's position is asked
 * for only when 'Use my current location' is pressed.
 */
export function HomeBaseAndAlerts() {
  const i18n = useI18n();
  const { data, error, loading, reload, setData } = useCharityPreferences();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mx-auto mt-6 max-w-2xl rounded-[var(--radius-card)] border border-border bg-white p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {i18n._('charity.homeBase.title')}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{i18n._('charity.homeBase.intro')}</p>
      {loading && !data ? (
        <div className="space-y-3" aria-busy="true" aria-label={i18n._('charity.loading')}>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-1/2" />
        </div>
      ) : error && !data ? (
        <ErrorState
          message={isOfflineError(error) ? i18n._('charity.homeBase.offline') : i18n._('charity.homeBase.loadFailed')}
          onRetry={reload}
        />
      ) : (
        // Mounted once the saved preferences are in, so the draft starts from them and nothing resets it later.
        <PreferencesForm saved={data} onSaved={setData} />
      )}
    </section>
  );
}

function PreferencesForm({ saved, onSaved }: { saved: CharityPreferences | undefined; onSaved: (saved: CharityPreferences) => void }) {
  const i18n = useI18n();
  const [draft, setDraft] = useState<PreferencesDraft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { locating, locate } = useLocate((home) => edit({ home }));
  const id = useId();
  const ids = {
    address: `${id}-address`,
    radius: `${id}-radius`,
    types: `${id}-types`,
  };

  function edit(changes: Partial<PreferencesDraft>) {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors({});
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CharityPreferencesSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveCharityPreferences(inputOf(draft)));
      notify.success(i18n._('charity.saved'), alertsSummary(i18n, draft));
    } catch (err) {
      notify.error(i18n._('charity.homeBase.saveFailed'), errorMessage(err, i18n._('charity.tryAgain')));
    } finally {
      setSaving(false);
    }
  }

  const toggleType = (type: FoodType, on: boolean) =>
    edit({
      foodTypes: on ? FOOD_TYPES.filter((t) => t === type || draft.foodTypes.includes(t)) : draft.foodTypes.filter((t) => t !== type),
    });
  const homeError = errors.homeLatitude ?? errors.homeLongitude;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <Field id={ids.address} label={i18n._('charity.homeBase.address')} error={errors.homeAddress}>
        <Input
          id={ids.address}
          autoComplete="street-address"
          maxLength={300}
          value={draft.homeAddress}
          onChange={(e) => edit({ homeAddress: e.target.value })}
          aria-invalid={errors.homeAddress ? true : undefined}
          aria-describedby={errors.homeAddress ? `${ids.address}-error` : undefined}
        />
      </Field>
      <div className="flex flex-col gap-2">
        <p className="text-sm" role="status">
          {draft.home
            ? i18n._('charity.homeBase.locationSet', { lat: i18n.number(draft.home.lat, COORDINATE), lng: i18n.number(draft.home.lng, COORDINATE) })
            : i18n._('charity.homeBase.noLocation')}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={locate} disabled={locating === 'asking'}>
            <LocateFixed aria-hidden /> {locating === 'asking' ? i18n._('charity.homeBase.locating') : i18n._('charity.homeBase.locate')}
          </Button>
          {draft.home && (
            <Button type="button" variant="ghost" onClick={() => edit({ home: undefined, radius: '' })}>
              {i18n._('charity.homeBase.clear')}
            </Button>
          )}
        </div>
        {(locating === 'refused' || locating === 'unavailable') && (
          <p role="status" className="text-sm text-amber-800">
            {locating === 'refused'
              ? i18n._('charity.homeBase.refused')
              : i18n._('charity.homeBase.unavailable')}
          </p>
        )}
        {homeError && (
          <p role="alert" className="text-sm text-destructive">
            {homeError}
          </p>
        )}
      </div>
      <Field id={ids.radius} label={i18n._('charity.alerts.radius')} error={errors.notifyRadiusKm}>
        <NativeSelect
          id={ids.radius}
          value={draft.radius}
          onChange={(e) => edit({ radius: e.target.value })}
          aria-invalid={errors.notifyRadiusKm ? true : undefined}
          aria-describedby={errors.notifyRadiusKm ? `${ids.radius}-error` : undefined}
        >
          <option value="">{i18n._('charity.alerts.off')}</option>
          {NOTIFY_RADIUS_CHOICES_KM.map((km) => (
            <option key={km} value={String(km)}>
              {i18n._('charity.alerts.km', { km })}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <fieldset className="flex flex-col gap-1.5" aria-describedby={`${ids.types}-hint`}>
        <legend className="mb-1.5 text-sm font-medium text-foreground">{i18n._('charity.alerts.foodTypes')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {FOOD_TYPES.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
              <input
                type="checkbox"
                className="size-4 accent-brand-800"
                checked={draft.foodTypes.includes(type)}
                onChange={(e) => toggleType(type, e.target.checked)}
              />
              {foodTypeLabel(i18n, type)}
            </label>
          ))}
        </div>
        <p id={`${ids.types}-hint`} className="text-xs text-muted-foreground">
          {i18n._('charity.alerts.noneTicked')} {alertsSummary(i18n, draft)}
        </p>
        {errors.notifyFoodTypes && (
          <p role="alert" className="text-sm text-destructive">
            {errors.notifyFoodTypes}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? i18n._('charity.homeBase.saving') : i18n._('charity.homeBase.save')}
        </Button>
      </div>
    </form>
  );
}
