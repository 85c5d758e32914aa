// The auth endpoints' answers are checked before use, whether fresh or kept in localStorage from an earlier visit:
// an answer of another server version, or a captive portal's page, must not leave the app half signed in.
import { i18n } from '@lingui/core';
import { ApiError } from '@/lib/api-client';

export function unreadableAnswer(): ApiError {
  return new ApiError(502, i18n._('auth.unreadableAnswer'));
}

/** A value this app stored earlier, or null when it is missing, not JSON, or not of the expected shape. */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
