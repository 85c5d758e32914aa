// The browser's idle moments, for work that may wait until the page is drawn and nothing else is running. Light on
// purpose (no imports): the login page's chunk and the home page's start-up use it.

export interface IdleDeadline {
  timeRemaining(): number;
}

type IdleWindow = {
  requestIdleCallback?: (cb: (deadline: IdleDeadline) => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `fn` in the browser's next idle moment, and after `timeout` ms at the latest when one is given. Without
 * requestIdleCallback (Safari), on a timer soon after, with a few ms to spend. Returns the function that cancels it
 * if it has not run yet.
 */
export function whenIdle(fn: (deadline: IdleDeadline) => void, timeout?: number): () => void {
  const w = globalThis as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const cancel = w.cancelIdleCallback;
    const handle = w.requestIdleCallback(fn, timeout === undefined ? undefined : { timeout });
    return () => cancel(handle);
  }
  const timer = setTimeout(() => fn({ timeRemaining: () => 8 }), 1);
  return () => clearTimeout(timer);
}
