// The Add/Edit Donation form's food safety (issue 50): what a charity feeding people with allergies or diets needs
// before it accepts food. Allergens are said one of three ways, because "not said" and "none" mean different things to
// a charity: not said, none of the 14, or which. Dietary tags and storage are optional.
import { useId } from 'react';
import type { I18n } from '@lingui/core';
import { ALLERGENS, DIETARY_TAGS, STORAGE_KINDS, type Allergen, type DietaryTag, type StorageKind } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { Label, NativeSelect } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { allergenLabel, dietaryLabel, storageLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';

export type AllergensSaid = 'unsaid' | 'none' | 'some';

export interface FoodSafetyInputs {
  allergensSaid: AllergensSaid;
  allergens: Allergen[];
  dietary: DietaryTag[];
  storage: StorageKind | '';
}

export const NO_FOOD_SAFETY: FoodSafetyInputs = { allergensSaid: 'unsaid', allergens: [], dietary: [], storage: '' };

/** A donation's food safety back in the form. */
export function foodSafetyInputs(d: Pick<Donation, 'allergens' | 'dietary' | 'storage'> | undefined): FoodSafetyInputs {
  if (!d) return NO_FOOD_SAFETY;
  return {
    allergensSaid: d.allergens === undefined ? 'unsaid' : d.allergens.length ? 'some' : 'none',
    allergens: [...(d.allergens ?? [])],
    dietary: [...(d.dietary ?? [])],
    storage: d.storage ?? '',
  };
}

/**
 * The body's food safety: allergens left out when not said, `[]` when none, the list otherwise ('some' with nothing
 * ticked is sent as it is, for the form to say which is missing); dietary tags always (an emptied list clears them on
 * an edit); storage when chosen.
 */
export function foodSafetyBody(f: FoodSafetyInputs): { allergens?: Allergen[]; dietary: DietaryTag[]; storage?: StorageKind } {
  return {
    ...(f.allergensSaid === 'none' ? { allergens: [] } : f.allergensSaid === 'some' ? { allergens: f.allergens } : {}),
    dietary: f.dietary,
    ...(f.storage ? { storage: f.storage } : {}),
  };
}

/** 'Contains' ticked with no allergen chosen: said beside the list rather than sent as "none". */
export function foodSafetyErrors(i18n: I18n, f: FoodSafetyInputs): Record<string, string> {
  return f.allergensSaid === 'some' && f.allergens.length === 0 ? { allergens: i18n._('restaurant.donationForm.allergensMissing') } : {};
}

const SAID_WORDS: Record<AllergensSaid, string> = {
  unsaid: /*i18n*/ 'restaurant.donationForm.allergensUnsaid',
  none: /*i18n*/ 'restaurant.donationForm.allergensNone',
  some: /*i18n*/ 'restaurant.donationForm.allergensSome',
};

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));

function CheckChip({ id, label, checked, onChange, name }: { id?: string | undefined; label: string; checked: boolean; onChange: (on: boolean) => void; name: string }) {
  return (
    <label
      className={cn(
        'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm sm:min-h-10',
        checked ? 'border-brand-600 bg-brand-50 font-medium text-brand-900' : 'border-border bg-white text-stone-800',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
      )}
    >
      <input id={id} type="checkbox" name={name} className="size-4 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function FoodSafetyFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  /** `{idPrefix}-dietary` and `{idPrefix}-allergens` take the focus when the form says something about them. */
  idPrefix: string;
  value: FoodSafetyInputs;
  onChange: (next: FoodSafetyInputs) => void;
  /** By body field: `allergens`, `dietary`, `storage`. */
  errors: Record<string, string | undefined>;
}) {
  const i18n = useI18n();
  const id = useId();
  const allergensError = errors.allergens;
  const dietaryError = errors.dietary;
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-stone-900">{i18n._('restaurant.donationForm.foodSafety')}</legend>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-storage`}>{i18n._('restaurant.donationForm.storage')}</Label>
        <NativeSelect id={`${id}-storage`} value={value.storage} onChange={(e) => onChange({ ...value, storage: e.target.value as StorageKind | '' })}>
          <option value="">{i18n._('restaurant.donationForm.notSaid')}</option>
          {STORAGE_KINDS.map((s) => (
            <option key={s} value={s}>
              {storageLabel(i18n, s)}
            </option>
          ))}
        </NativeSelect>
      </div>

      <fieldset className="flex flex-col gap-2" aria-describedby={dietaryError ? `${id}-dietary-error` : undefined} aria-invalid={dietaryError ? true : undefined}>
        <legend className="mb-1 text-sm font-medium text-stone-900">{i18n._('restaurant.donationForm.dietary')}</legend>
        <div className="flex flex-wrap gap-2">
          {DIETARY_TAGS.map((tag, i) => (
            <CheckChip
              key={tag}
              id={i === 0 ? `${idPrefix}-dietary` : undefined}
              name="dietary"
              label={dietaryLabel(i18n, tag)}
              checked={value.dietary.includes(tag)}
              onChange={(on) => onChange({ ...value, dietary: toggle(value.dietary, tag, on) })}
            />
          ))}
        </div>
        {dietaryError && (
          <p id={`${id}-dietary-error`} className="text-sm text-destructive">
            {dietaryError}
          </p>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-2" aria-describedby={allergensError ? `${id}-allergens-error` : undefined} aria-invalid={allergensError ? true : undefined}>
        <legend className="mb-1 text-sm font-medium text-stone-900">{i18n._('restaurant.donationForm.allergens')}</legend>
        <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-4">
          {(['unsaid', 'none', 'some'] as const).map((said) => (
            <label key={said} className="inline-flex min-h-11 items-center gap-2 text-sm sm:min-h-10">
              <input
                id={said === 'some' ? `${idPrefix}-allergens` : undefined}
                type="radio"
                name={`${id}-allergens-said`}
                className="size-4 accent-brand-700"
                checked={value.allergensSaid === said}
                onChange={() => onChange({ ...value, allergensSaid: said })}
              />
              {i18n._(SAID_WORDS[said])}
            </label>
          ))}
        </div>
        {value.allergensSaid === 'some' && (
          <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3" role="group" aria-label={i18n._('restaurant.donationForm.allergensWhich')}>
            {ALLERGENS.map((a) => (
              <CheckChip
                key={a}
                name="allergens"
                label={allergenLabel(i18n, a)}
                checked={value.allergens.includes(a)}
                onChange={(on) => onChange({ ...value, allergens: ALLERGENS.filter((x) => (x === a ? on : value.allergens.includes(x))) })}
              />
            ))}
          </div>
        )}
        {value.allergensSaid === 'unsaid' && <p className="text-xs text-muted-foreground">{i18n._('restaurant.donationForm.allergensUnsaidHint')}</p>}
        {allergensError && (
          <p id={`${id}-allergens-error`} className="text-sm text-destructive">
            {allergensError}
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
