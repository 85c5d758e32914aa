import type { I18n } from '@lingui/core';
import { BadgeCheck, CircleHelp, Leaf, Refrigerator, ShieldCheck, Snowflake, Sprout, Thermometer, TriangleAlert, WheatOff, type LucideIcon } from 'lucide-react';
import type { DietaryTag, StorageKind } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { useI18n } from '@/lib/i18n/i18n';
import { allergenLabel, dietaryLabel, storageLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';

/** A donation's food safety (issue 50); the API and the local store leave out what the restaurant did not say. */
export type FoodSafetyFacts = Partial<Pick<Donation, 'allergens' | 'dietary' | 'storage'>>;

// The icons only repeat the word beside them: each chip says its meaning in text.
const STORAGE_ICONS: Record<StorageKind, LucideIcon> = { ambient: Thermometer, chilled: Refrigerator, frozen: Snowflake };
const DIETARY_ICONS: Record<DietaryTag, LucideIcon> = { vegetarian: Leaf, vegan: Sprout, halal: BadgeCheck, kosher: BadgeCheck, 'gluten-free': WheatOff };

// One per language: a city's list draws many cards, each saying its allergens.
const listFormats = new Map<string, Intl.ListFormat>();
/** "Milk, Celery" in the reader's language and punctuation. */
function wordList(i18n: I18n, words: string[]): string {
  let format = listFormats.get(i18n.locale);
  if (!format) {
    format = new Intl.ListFormat(i18n.locales ?? i18n.locale, { type: 'unit', style: 'short' });
    listFormats.set(i18n.locale, format);
  }
  return format.format(words);
}

/** The three things a restaurant may say of allergens: nothing, none of the 14, or which. */
export function allergenStatement(i18n: I18n, allergens: FoodSafetyFacts['allergens'] | null): string {
  // The server writes null for "not said" before it is left out; either way it is unknown, never "none".
  if (allergens == null) return i18n._('foodSafety.allergensNotStated');
  if (!allergens.length) return i18n._('foodSafety.noAllergens');
  return i18n._('foodSafety.contains', { allergens: wordList(i18n, allergens.map((a) => allergenLabel(i18n, a))) });
}

/**
 * The allergens as one line. Not stated stands out (amber, dashed, a question mark): a charity must see that it is
 * unknown, not mistake it for none. `detailed` adds what each case means for the people the charity feeds.
 */
export function AllergenStatement({ allergens, detailed = false, className }: { allergens: FoodSafetyFacts['allergens'] | null; detailed?: boolean; className?: string }) {
  const i18n = useI18n();
  const state = allergens == null ? 'unknown' : allergens.length ? 'contains' : 'none';
  const Icon = state === 'unknown' ? CircleHelp : state === 'none' ? ShieldCheck : TriangleAlert;
  return (
    <span className={cn('flex flex-col gap-0.5', className)}>
      <span
        data-allergens={state}
        className={cn(
          'inline-flex w-fit items-start gap-1.5 text-sm font-medium',
          state === 'unknown' && 'rounded-md border border-dashed border-amber-600 bg-amber-50 px-2 py-0.5 text-amber-900',
          state === 'contains' && 'text-stone-900',
          state === 'none' && 'text-brand-900',
        )}
      >
        <Icon className={cn('mt-0.5 size-4 shrink-0', state === 'contains' && 'text-red-700')} aria-hidden />
        <span>{allergenStatement(i18n, allergens)}</span>
      </span>
      {detailed && state !== 'contains' && (
        <span className="text-sm font-normal text-muted-foreground">
          {state === 'unknown' ? i18n._('foodSafety.allergensNotStatedDetail') : i18n._('foodSafety.noAllergensDetail')}
        </span>
      )}
    </span>
  );
}

/** Storage, then the dietary tags, as small chips in a named list; nothing when neither was said. */
export function FoodSafetyTags({ facts, className }: { facts: FoodSafetyFacts; className?: string }) {
  const i18n = useI18n();
  const { storage, dietary } = facts;
  if (!storage && !dietary?.length) return null;
  const StorageIcon = storage ? STORAGE_ICONS[storage] : undefined;
  return (
    <ul aria-label={i18n._('foodSafety.tags')} className={cn('flex flex-wrap gap-1.5', className)}>
      {storage && (
        <li>
          <Badge tone="blue" className="gap-1">
            {StorageIcon && <StorageIcon className="size-3.5 shrink-0" aria-hidden />}
            {storageLabel(i18n, storage)}
          </Badge>
        </li>
      )}
      {dietary?.map((tag) => {
        const Icon = DIETARY_ICONS[tag];
        return (
          <li key={tag}>
            <Badge tone="green" className="gap-1">
              {Icon && <Icon className="size-3.5 shrink-0" aria-hidden />}
              {dietaryLabel(i18n, tag)}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A donation's food safety: compact (a card's line: chips, then the allergens) or in full (a page's fact: the
 * allergens with what they mean, then the chips).
 */
export function FoodSafety({ facts, variant = 'compact', className }: { facts: FoodSafetyFacts; variant?: 'compact' | 'full'; className?: string }) {
  if (variant === 'full') {
    return (
      <div className={cn('flex flex-col gap-2', className)}>
        <AllergenStatement allergens={facts.allergens} detailed />
        <FoodSafetyTags facts={facts} />
      </div>
    );
  }
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      <FoodSafetyTags facts={facts} />
      <AllergenStatement allergens={facts.allergens} />
    </div>
  );
}
