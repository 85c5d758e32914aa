import { useEffect, useMemo, useReducer } from 'react';
import { isPast, nextExpiry } from '@/lib/best-before';

// setTimeout takes at most a signed 32-bit delay; a later expiry simply wakes once more on the way.
const MAX_DELAY = 2 ** 31 - 1;

/**
 * The donations still good by the device's clock, shrinking live as each one's best-before passes: one timer waits
 * for the earliest time ahead, so a list of thousands is read once per expiry, not polled. The server hides expired
 * donations too, but only when asked; the device's copy and an open page have to drop them themselves.
 */
export function useUnexpired<T extends { bestBefore?: string | undefined }>(list: T[] | undefined): T[] | undefined {
  const [woken, wake] = useReducer((n: number) => n + 1, 0);
  const { fresh, next } = useMemo(() => {
    const now = Date.now();
    if (!list) return { fresh: list, next: undefined };
    const kept = list.filter((d) => !isPast(d.bestBefore, now));
    // The same array when nothing expired, so what is derived from it downstream stays memoised.
    return { fresh: kept.length === list.length ? list : kept, next: nextExpiry(list, now) };
    // `woken` is the clock: the list is read again when the timer says the next best-before has passed.
  }, [list, woken]);

  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(wake, Math.min(Math.max(0, next - Date.now()), MAX_DELAY));
    return () => clearTimeout(timer);
  }, [next, woken]);

  return fresh;
}
