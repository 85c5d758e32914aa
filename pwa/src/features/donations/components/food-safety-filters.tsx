import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { ALLERGENS, DIETARY_TAGS, type Allergen, type DietaryTag } from '@foodbridge/shared/constants';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';
import { allergenLabel, dietaryLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';
import type { DonationFilters } from '../filter-donations';
import { FilterChip } from './filter-chip';

type FoodSafetyChoice = Pick<DonationFilters, 'dietary' | 'freeFrom'>;

/** `list` with `value` added or taken out, in the enum's order (the URL's and the API's), undefined when empty. */
function toggled<T extends string>(all: readonly T[], list: readonly T[] | undefined, value: T): T[] | undefined {
  const had = list?.includes(value) ?? false;
  const next = all.filter((v) => (v === value ? !had : (list?.includes(v) ?? false)));
  return next.length ? next : undefined;
}

/**
 * Opens the food-safety filters. Drawn on the food types' label line at that line's height, its target widened
 * beyond it (at least 24 px, not over the chips): the filter box keeps the height index.html's first screen gives it,
 * so a visitor's first cards do not move when the app takes over.
 */
export function FoodSafetyFiltersToggle({ open, onToggle, chosen, controls }: { open: boolean; onToggle: () => void; chosen: number; controls: string }) {
  const i18n = useI18n();
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="relative inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-sm text-sm font-medium leading-5 text-brand-800 after:absolute after:-inset-x-2 after:-bottom-1 after:-top-2 after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <SlidersHorizontal className="size-4" aria-hidden />
      {i18n._('search.foodSafety')}
      {chosen > 0 && (
        <>
          <span aria-hidden className="min-w-5 rounded-full bg-brand-800 px-1.5 text-center text-xs leading-5 text-white">
            {i18n.number(chosen)}
          </span>
          <span className="sr-only">{i18n._('search.foodSafetyChosen', { count: chosen })}</span>
        </>
      )}
      <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
    </button>
  );
}

/**
 * Dietary tags (a donation must carry every one picked) and allergens to be free from (a donation must be said to
 * hold none of them: one whose allergens were not stated is left out). Hidden, not removed, while closed, so that the
 * toggle always controls something.
 */
export function FoodSafetyFilters({
  id,
  open,
  dietary,
  freeFrom,
  onChange,
}: FoodSafetyChoice & { id: string; open: boolean; onChange: (next: FoodSafetyChoice) => void }) {
  const i18n = useI18n();
  const chosen = Boolean(dietary?.length || freeFrom?.length);
  return (
    <div id={id} hidden={!open} className="flex flex-col gap-4 border-t border-border pt-4">
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-dietary`} className="text-sm font-medium">
          {i18n._('search.dietary')}
        </span>
        <p id={`${id}-dietary-hint`} className="text-xs text-muted-foreground">
          {i18n._('search.dietaryHint')}
        </p>
        <div role="group" aria-labelledby={`${id}-dietary`} aria-describedby={`${id}-dietary-hint`} className="flex flex-wrap gap-2">
          {DIETARY_TAGS.map((tag: DietaryTag) => (
            <FilterChip key={tag} pressed={dietary?.includes(tag) ?? false} onClick={() => onChange({ dietary: toggled(DIETARY_TAGS, dietary, tag), freeFrom })}>
              {dietaryLabel(i18n, tag)}
            </FilterChip>
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-free-from`} className="text-sm font-medium">
          {i18n._('search.freeFrom')}
        </span>
        <p id={`${id}-free-from-hint`} className="text-xs text-muted-foreground">
          {i18n._('search.freeFromHint')}
        </p>
        <div role="group" aria-labelledby={`${id}-free-from`} aria-describedby={`${id}-free-from-hint`} className="flex flex-wrap gap-2">
          {ALLERGENS.map((allergen: Allergen) => (
            <FilterChip key={allergen} pressed={freeFrom?.includes(allergen) ?? false} onClick={() => onChange({ dietary, freeFrom: toggled(ALLERGENS, freeFrom, allergen) })}>
              {allergenLabel(i18n, allergen)}
            </FilterChip>
          ))}
        </div>
      </div>
      {chosen && (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => onChange({ dietary: undefined, freeFrom: undefined })}>
          <X aria-hidden /> {i18n._('search.clearFoodSafety')}
        </Button>
      )}
    </div>
  );
}
