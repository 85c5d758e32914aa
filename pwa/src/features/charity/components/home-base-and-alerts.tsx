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


/**
 * 'Home base and alerts' on the charity's profile: where it collects from (the origin of 'Nearest first' when the
 * browser's position is not shared) and which new verified donations it is told of. The browser's position is asked
 * for only when 'Use my current location' is pressed.
 */
export function HomeBaseAndAlerts() {
  const { data, error, loading, reload, setData } = useCharityPreferences();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mx-auto mt-6 max-w-2xl rounded-[var(--radius-card)] border border-border bg-white p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Home base and alerts
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Where you collect from, and which new donations you want to hear of as soon as they are verified.
      </p>
      {loading && !data ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-1/2" />
        </div>
      ) : error && !data ? (
        <ErrorState
          message={
            isOfflineError(error) ? 'Your home base and alerts need a connection to load.' : 'Failed to load your home base and alerts.'
          }
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
      notify.success('Saved!', alertsSummary(draft));
    } catch (err) {
      notify.error('Failed to save your home base and alerts', errorMessage(err, 'Please try again.'));
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
      <Field id={ids.address} label="Home base address" error={errors.homeAddress}>
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
            ? `Location set: ${draft.home.lat.toFixed(5)}, ${draft.home.lng.toFixed(5)}`
            : 'No location set: distances and distance alerts need one.'}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={locate} disabled={locating === 'asking'}>
            <LocateFixed aria-hidden /> {locating === 'asking' ? 'Finding your location…' : 'Use my current location'}
          </Button>
          {draft.home && (
            <Button type="button" variant="ghost" onClick={() => edit({ home: undefined, radius: '' })}>
              Clear location
            </Button>
          )}
        </div>
        {(locating === 'refused' || locating === 'unavailable') && (
          <p role="status" className="text-sm text-amber-800">
            {locating === 'refused'
              ? 'Your location was not shared. Allow location for this site and try again.'
              : 'Your location is not available on this device right now.'}
          </p>
        )}
        {homeError && (
          <p role="alert" className="text-sm text-destructive">
            {homeError}
          </p>
        )}
      </div>
      <Field id={ids.radius} label="Tell me of new donations within" error={errors.notifyRadiusKm}>
        <NativeSelect
          id={ids.radius}
          value={draft.radius}
          onChange={(e) => edit({ radius: e.target.value })}
          aria-invalid={errors.notifyRadiusKm ? true : undefined}
          aria-describedby={errors.notifyRadiusKm ? `${ids.radius}-error` : undefined}
        >
          <option value="">Off</option>
          {NOTIFY_RADIUS_CHOICES_KM.map((km) => (
            <option key={km} value={String(km)}>
              {km} km
            </option>
          ))}
        </NativeSelect>
      </Field>
      <fieldset className="flex flex-col gap-1.5" aria-describedby={`${ids.types}-hint`}>
        <legend className="mb-1.5 text-sm font-medium text-foreground">Food types</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {FOOD_TYPES.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
              <input
                type="checkbox"
                className="size-4 accent-brand-800"
                checked={draft.foodTypes.includes(type)}
                onChange={(e) => toggleType(type, e.target.checked)}
              />
              {type}
            </label>
          ))}
        </div>
        <p id={`${ids.types}-hint`} className="text-xs text-muted-foreground">
          None ticked: any food type. {alertsSummary(draft)}
        </p>
        {errors.notifyFoodTypes && (
          <p role="alert" className="text-sm text-destructive">
            {errors.notifyFoodTypes}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
