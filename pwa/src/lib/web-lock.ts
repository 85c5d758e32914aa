// Work that must not run twice at once across the app's tabs: a Web Lock where the browser has them; otherwise at
// least the callers of this page take turns (tabs then cannot be kept apart).
const localChains = new Map<string, Promise<unknown>>();

export function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(name, fn);
  const run = (localChains.get(name) ?? Promise.resolve()).then(fn);
  localChains.set(name, run.catch(() => undefined));
  return run;
}
