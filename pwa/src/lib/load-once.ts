/**
 * A lazy chunk's default export (a map, say), downloaded once per page life; a failed download (offline, or an old
 * chunk gone after a release) may be tried again.
 */
export function loadOnce<T>(load: () => Promise<{ default: T }>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().then(
      (m) => m.default,
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
}
