// How far a donation is, in the reader's language: "450 m", "2.3 km", "12 km" (the rounding of shared/geo.ts's
// formatDistance, with the reader's digits and separators).
import type { I18n } from '@lingui/core';

export function distanceLabel(i18n: I18n, km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  if (km < 0.995) return i18n._('distance.m', { value: i18n.number(Math.max(10, Math.round((km * 1000) / 10) * 10)) });
  if (km < 9.95) {
    return i18n._('distance.km', { value: i18n.number(Math.round(km * 10) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  }
  return i18n._('distance.km', { value: i18n.number(Math.round(km)) });
}
