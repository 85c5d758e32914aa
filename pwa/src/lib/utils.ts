import { i18n as activeI18n, type I18n } from '@lingui/core';
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

const DATE: Intl.DateTimeFormatOptions = {};
const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' };

/**
 * Dates as the spec shows them: day/month/year in English (en-GB), the reader's own order in another language. Pass
 * the component's `useI18n()` so it re-renders when the language changes (without it, the language active now).
 */
export function formatDate(iso: string | undefined, i18n: I18n = activeI18n): string {
  if (!iso) return i18n._('common.notProvided');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? i18n._('common.notProvided') : i18n.date(d, DATE);
}

export function formatDateTime(iso: string | undefined, i18n: I18n = activeI18n): string {
  if (!iso) return i18n._('common.notProvided');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? i18n._('common.notProvided') : i18n.date(d, DATE_TIME);
}
