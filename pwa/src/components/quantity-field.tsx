// The quantity of food and its unit, side by side, for the donation form and the regular donation form (issue 50).
// No unit is proposed: a number typed as portions once went out as "20 kg" because kg was preselected. The form that
// uses this checks the choice (`unitRequired`) and keeps an edited donation's own unit.
import type { I18n } from '@lingui/core';
import { QUANTITY_UNITS, type QuantityUnit } from '@foodbridge/shared/constants';
import { errorAria } from '@/components/field-aria';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { quantityLabel } from '@/lib/labels';

/** A unit box's value: one of the units, or '' while none is chosen. */
export type UnitChoice = QuantityUnit | '';

/** The unit menu's words (the values stay the shared enum's). */
const UNIT_LABELS: Record<QuantityUnit, string> = {
  kg: /*i18n*/ 'quantityField.unit.kg',
  portions: /*i18n*/ 'quantityField.unit.portions',
};

/** What is said under the unit when none was chosen. */
export const unitRequired = (i18n: I18n) => i18n._('quantityField.unitRequired');

/** The number as the form's box holds it, when it is one a donation can have. */
function typedQuantity(text: string): number | undefined {
  const n = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * The number box, labelled `label`, and the unit menu right beside it (`${idPrefix}-quantity`, `${idPrefix}-unit`),
 * each with its own message under them, wired as `Field`'s are. Once both are filled, the quantity is said as the
 * donation's readers will see it ("20 portions"), so what will be posted is read before it is.
 */
export function QuantityField({
  idPrefix,
  label,
  hint,
  placeholder,
  quantity,
  unit,
  errors,
  onQuantityChange,
  onUnitChange,
}: {
  idPrefix: string;
  label: string;
  hint?: string | undefined;
  placeholder?: string | undefined;
  quantity: string;
  unit: UnitChoice;
  errors: { quantity?: string | undefined; unit?: string | undefined };
  onQuantityChange: (e: { target: { value: string } }) => void;
  onUnitChange: (e: { target: { value: string } }) => void;
}) {
  const i18n = useI18n();
  const quantityId = `${idPrefix}-quantity`;
  const unitId = `${idPrefix}-unit`;
  const count = typedQuantity(quantity);
  const problem = errors.quantity ?? errors.unit;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={quantityId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={quantityId}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={quantity}
          onChange={onQuantityChange}
          placeholder={placeholder}
          className="min-w-0 flex-1"
          {...(errors.quantity ? errorAria(quantityId, errors.quantity) : {})}
        />
        <NativeSelect
          id={unitId}
          aria-label={i18n._('quantityField.unit')}
          value={unit}
          onChange={onUnitChange}
          className="w-36 shrink-0"
          {...(errors.unit ? errorAria(unitId, errors.unit) : {})}
        >
          <option value="" disabled>
            {i18n._('quantityField.unit.choose')}
          </option>
          {QUANTITY_UNITS.map((u) => (
            <option key={u} value={u}>
              {i18n._(UNIT_LABELS[u])}
            </option>
          ))}
        </NativeSelect>
      </div>
      {!problem && count !== undefined && unit !== '' && (
        <p className="text-sm font-medium text-stone-800">
          {i18n._('quantityField.preview', { quantity: quantityLabel(i18n, count, unit) })}
        </p>
      )}
      {hint && !problem && <p className="text-xs text-muted-foreground">{hint}</p>}
      {errors.quantity && (
        <p id={`${quantityId}-error`} role="alert" className="text-sm text-destructive">
          {errors.quantity}
        </p>
      )}
      {errors.unit && (
        <p id={`${unitId}-error`} role="alert" className="text-sm text-destructive">
          {errors.unit}
        </p>
      )}
    </div>
  );
}
