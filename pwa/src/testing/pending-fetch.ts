// For hook tests that must choose when, and in which order, each request is answered: the browser's fetch is stubbed
// with one whose requests wait until the test answers them. (The server is not faked: its answers are the test's.)
import { vi } from 'vitest';

export interface PendingRequest {
  url: string;
  signal: AbortSignal | undefined;
  answer: (status: number, body: unknown, headers?: Record<string, string>) => void;
}

/** Stubs fetch until vi.unstubAllGlobals(); the returned list fills as requests are made. */
export function stubPendingFetch(): PendingRequest[] {
  const pending: PendingRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          pending.push({
            url,
            signal: init?.signal ?? undefined,
            answer: (status, body, headers) => resolve(new Response(JSON.stringify(body), { status, headers })),
          });
        }),
    ),
  );
  return pending;
}
