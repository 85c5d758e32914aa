// The one switch every field screen's read goes through: the device's copy for a signed-in account (live, offline
// too), the online API for a visitor or a browser without a local store, and neither while a saved session is still
// being checked on a device that has a local store (so a signed-in driver offline does not first see a failed call).
import type { ApiPath } from '@/lib/api-client';
import { useApi, type ApiState } from '@/lib/use-api';
import { useLocalMode } from './hooks';
import type { LocalResult } from './local-query';

/** Where the data comes from: the device (it then updates by itself), the API, or neither yet. */
type ReadSource = 'local' | 'online' | 'waiting';

export interface LocalFirst<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Re-fetches an online read; a local read is live and needs none. */
  reload: () => void;
  source: ReadSource;
  /** Updates the online copy after a change made through the API; a local read follows the store by itself. */
  setData: ApiState<T>['setData'];
}

/** What a screen reads from a local-first hook: the answer, wherever it came from. */
export type ReadState<T> = Pick<LocalFirst<T>, 'data' | 'error' | 'loading' | 'reload'>;

export interface LocalFirstOptions {
  /** False holds the read back, e.g. until the saved session was checked when the answer depends on the viewer. */
  ready?: boolean;
  /** Asks the API when the device has no copy: the viewer may see more than the account's replication brings. */
  onlineWhenMissing?: boolean;
}

const noop = () => {};

/**
 * @param local the device's answer (a hook of hooks.ts, called with this viewer's `enabled`)
 * @param onlinePath the GET that answers the same without a local store (apiPath); null when there is nothing to ask
 */
export function useLocalFirst<T>(local: LocalResult<T>, onlinePath: ApiPath<T> | null, options: LocalFirstOptions = {}): LocalFirst<T> {
  const { ready = true, onlineWhenMissing = false } = options;
  const mode = useLocalMode();
  const waiting = mode === 'wait' || !ready;
  const missing = onlineWhenMissing && !local.unavailable && !local.loading && local.data == null;
  const fromDevice = !local.unavailable && !missing;
  const online = useApi(!waiting && !fromDevice ? onlinePath : null);
  if (fromDevice) return { data: local.data, error: undefined, loading: local.loading, reload: noop, source: 'local', setData: online.setData };
  if (waiting) return { data: undefined, error: undefined, loading: true, reload: noop, source: 'waiting', setData: online.setData };
  return { data: online.data, error: online.error, loading: online.loading, reload: online.reload, source: 'online', setData: online.setData };
}
