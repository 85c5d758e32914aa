import { useCallback, useEffect, useRef, useState } from 'react';
import { getAt, getPage, type ApiPath, type Page } from './api-client';
import { isUnreachableError, noteServerReach } from './connectivity-store';

export interface ApiState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
  /** Optimistic or post-mutation update of the cached value. */
  setData: React.Dispatch<React.SetStateAction<T | undefined>>;
}

/**
 * GETs `path` (skipped while null) and exposes loading, error and a reload for the error state's retry. The path is
 * made by apiPath, and the answer's type comes with it: `useApi(apiPath('GET /users/me'))` is an ApiState<User>.
 */
export function useApi<T>(path: ApiPath<T> | null): ApiState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [version, setVersion] = useState(0);
  const current = useRef(0);

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const ticket = ++current.current;
    const controller = new AbortController();
    setLoading(true);
    setError(undefined);
    getAt(path, { signal: controller.signal })
      .then((value) => {
        noteServerReach(true);
        if (ticket === current.current) setData(value);
      })
      .catch((err: Error) => {
        if (err.name === 'AbortError') return;
        // Any answer of the server's own, a refusal too, shows that it can be reached.
        noteServerReach(!isUnreachableError(err));
        if (ticket === current.current) setError(err);
      })
      .finally(() => {
        if (ticket === current.current) setLoading(false);
      });
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading, reload, setData };
}

// Pages of any list, each under its own address, whose type says what its items are (takePrefetched reads it back).
const early = new Map<string, Promise<Page<unknown>>>();
const arrived = new Map<string, Page<unknown>>();

/**
 * Starts a page's GET at start-up, before React and the page's code are there, for the first read of the same path
 * to take (takePrefetched): on a cold start that read would otherwise wait for the route's chunks and a render.
 * Settles (never fails) once the answer is in, so that start-up may wait for it and the first render draw it.
 */
export function prefetchPage<T>(path: ApiPath<T[]>): Promise<unknown> {
  const page = getPage(path);
  early.set(path, page);
  // Whoever takes it hears of a failure; one nobody takes must not be an unhandled rejection.
  return page.then((answer) => arrived.set(path, answer), () => {});
}

/** The answer prefetchPage started for `path`, once: a later read of the same path asks the server again. */
export function takePrefetched<T>(path: ApiPath<T[]>): Promise<Page<T>> | undefined {
  const page = early.get(path);
  early.delete(path);
  arrived.delete(path);
  return page as Promise<Page<T>> | undefined;
}

/** prefetchPage's answer for `path` if it is in already and not taken yet (read-only: takePrefetched takes it). */
export function prefetchedNow<T>(path: ApiPath<T[]>): Page<T> | undefined {
  return arrived.get(path) as Page<T> | undefined;
}
