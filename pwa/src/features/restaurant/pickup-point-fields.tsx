import { LocateFixed } from 'lucide-react';
import { PinMapPanel } from '@/components/pin-map/pin-map-panel';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { useLocate } from '@/lib/use-locate';

/** The two coordinate boxes as typed (text, so a half-typed "-0." stays as it is). */
export interface PointText {
  latitude: string;
  longitude: string;
}

export const NO_POINT: PointText = { latitude: '', longitude: '' };

export function pointText(p: { latitude?: number | undefined; longitude?: number | undefined } | undefined): PointText {
  return p && typeof p.latitude === 'number' && typeof p.longitude === 'number' ? { latitude: String(p.latitude), longitude: String(p.longitude) } : NO_POINT;
}

/**
 * The boxes as numbers for the shared schema: an empty box is absent (so one filled box alone reads "give both"), a
 * comma is read as a decimal point (phones with a European keyboard type "52,52"), and anything else that is not a
 * number stays NaN for the schema to call it "must be a number".
 */
export function coordinatesOf(text: PointText): { latitude?: number; longitude?: number } {
  const read = (s: string) => (s.trim() === '' ? undefined : Number(s.trim().replace(',', '.')));
  const latitude = read(text.latitude);
  const longitude = read(text.longitude);
  return { ...(latitude === undefined ? {} : { latitude }), ...(longitude === undefined ? {} : { longitude }) };
}

/**
 * Latitude and longitude, typed, filled from the browser's position ('Use my current location'), or set with the pin
 * on the map (dragged, or placed with a tap) when the map's tiles load. The position is asked for only when the
 * button is pressed; every way rounds to about 10 cm (6 decimals): more would be noise.
 */
export function PickupPointFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: PointText;
  onChange: (next: PointText, edited: keyof PointText | 'both') => void;
  errors: Record<string, string>;
}) {
  const i18n = useI18n();
  const placed = ({ lat, lng }: { lat: number; lng: number }) => onChange({ latitude: lat.toFixed(6), longitude: lng.toFixed(6) }, 'both');
  const { locating, locate } = useLocate(placed);
  const { latitude, longitude } = coordinatesOf(value);
  const point =
    latitude !== undefined && longitude !== undefined && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { lat: latitude, lng: longitude } : undefined;

  const box = (key: keyof PointText, label: string, placeholder: string) => {
    const id = `${idPrefix}-${key}`;
    const error = errors[key];
    return (
      <Field id={id} label={label} error={error}>
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value[key]}
          onChange={(e) => onChange({ ...value, [key]: e.target.value }, key)}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </Field>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {box('latitude', i18n._('restaurant.pickupPoint.latitude'), i18n._('restaurant.pickupPoint.latitudePlaceholder'))}
        {box('longitude', i18n._('restaurant.pickupPoint.longitude'), i18n._('restaurant.pickupPoint.longitudePlaceholder'))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={locate} disabled={locating === 'asking'}>
          <LocateFixed aria-hidden /> {locating === 'asking' ? i18n._('restaurant.pickupPoint.locating') : i18n._('restaurant.pickupPoint.locate')}
        </Button>
        {(value.latitude || value.longitude) && (
          <Button type="button" variant="ghost" onClick={() => onChange(NO_POINT, 'both')}>
            {i18n._('restaurant.pickupPoint.clear')}
          </Button>
        )}
      </div>
      {(locating === 'refused' || locating === 'unavailable') && (
        <p role="status" className="text-sm text-amber-800">
          {locating === 'refused' ? i18n._('restaurant.pickupPoint.refused') : i18n._('restaurant.pickupPoint.unavailable')}
        </p>
      )}
      <PinMapPanel point={point} onMove={placed} />
    </div>
  );
}
