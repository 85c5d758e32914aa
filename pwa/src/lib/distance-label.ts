// How far a donation is, in the reader's language: "450 m", "2.3 km", "12 km" (shared/geo.ts rounds it).
import type { I18n } from '@lingui/core';
import { roundDistance } from '@foodbridge/shared/geo';

export function distanceLabel(i18n: I18n, km: number): string {
  const d = roundDistance(km);
  if (!d) return '';
  const value = i18n.number(d.value, { minimumFractionDigits: d.decimals, maximumFractionDigits: d.decimals });
  return d.unit === 'm' ? i18n._('distance.m', { value }) : i18n._('distance.km', { value });
}
