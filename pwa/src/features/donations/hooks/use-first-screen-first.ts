import { useCallback, useEffect, useState } from 'react';
import { FIRST_SCREEN_ROWS, LIST_LIMIT_MAX } from '@foodbridge/shared/constants';
import { getPage, type ApiPath } from '@/lib/api-client';
import { isUnreachableError, noteServerReach } from '@/lib/connectivity-store';
import { prefetchedNow, takePrefetched } from '@/lib/use-api';
import { withLimit } from '../api';

/** What is drawn before the rest of the list is asked for (the server's first screen of All Donations has these rows). */
export const FIRST_SCREEN = FIRST_SCREEN_ROWS;

export interface InTwoState<T> {
  data: T[] | undefined;
  error: Error | undefined;
  loading: boolean;
  /** True while only the first screen is there: the rest is on its way, so no total can be said yet. */
  partial: boolean;
  reload: () => void;
}

// Longest wait for the first screen's pictures: a stalled one (or a screen without any, the map) must not hold the
// rest of the list back for long.
const PICTURES_WAIT_MS = 3000;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * Once the first screen is drawn, its pictures included. The list is drawn a few frames after its answer (React
 * defers it, the grid measures first), so the frames are watched until the cards' first pictures (fetchpriority
 * "high", the page's largest among them) are there, and then those are waited for: the rest of the list must not
 * share a slow connection with them.
 */
async function afterFirstScreen(): Promise<void> {
  const until = Date.now() + PICTURES_WAIT_MS;
  let first: HTMLImageElement[] = [];
  while (!first.length && Date.now() < until) {
    await nextFrame();
    first = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  }
  const loaded = first
    .filter((img) => !img.complete)
    .map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    );
  await Promise.race([Promise.all(loaded), new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())))]);
}

/**
 * GETs a list in two steps: one screenful first, so the first cards (and the page's largest picture) wait for a small
 * answer and a short render instead of the whole list; then, once that screen and its first pictures are drawn, the
 * rest up to the list's usual size (LIST_LIMIT_MAX, as one plain GET would have answered), continuing from the first
 * answer's `Link: rel="next"` so nothing repeats. `null` asks for nothing.
 */
export function useFirstScreenFirst<T>(path: ApiPath<T[]> | null): InTwoState<T> {
  // A cold start that waited for its first screen (main.tsx) draws it in the first render, in place of index.html's
  // first screen: no skeleton between them. The effect below then takes the same answer and goes on with the rest.
  const [arrived] = useState(() => (path === null ? undefined : prefetchedNow(withLimit(path, FIRST_SCREEN))));
  const [data, setData] = useState<T[] | undefined>(arrived?.items);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [partial, setPartial] = useState(Boolean(arrived?.next));
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      setPartial(false);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    setLoading(true);
    setError(undefined);
    void (async () => {
      const firstPath = withLimit(path, FIRST_SCREEN);
      // A cold start may have asked already (main.tsx); its answer cannot be aborted, only ignored.
      const first = await (takePrefetched(firstPath) ?? getPage(firstPath, { signal }));
      noteServerReach(true);
      if (signal.aborted) return;
      setData(first.items);
      setPartial(first.next !== null);
      if (first.next === null) return;
      await afterFirstScreen();
      if (signal.aborted) return;
      const rest = await getPage(withLimit(first.next, LIST_LIMIT_MAX - first.items.length), { signal });
      if (signal.aborted) return;
      setData(first.items.concat(rest.items));
      setPartial(false);
    })()
      .catch((err: Error) => {
        if (err.name === 'AbortError' || signal.aborted) return;
        // Any answer of the server's own, a refusal too, shows that it can be reached.
        noteServerReach(!isUnreachableError(err));
        setError(err);
      })
      .finally(() => {
        if (!signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading, partial, reload };
}
