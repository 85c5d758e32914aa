import type { ReactNode } from 'react';
import { isOfflineError, OfflineNotice } from '@/components/sync-status';
import { ErrorState } from '@/components/ui/states';
import type { ApiState } from '@/lib/use-api';

/**
 * A list screen's body through its read: `skeleton` while the first read runs, the error with a retry when it
 * failed (said plainly as "offline" when it never reached the server), `empty` when there is nothing, and
 * otherwise `children` with the items.
 */
export function ListStates<T>({
  state: { data, error, loading, reload },
  skeleton,
  errorMessage,
  empty,
  offlineNotice = true,
  children,
}: {
  state: Pick<ApiState<T[]>, 'data' | 'error' | 'loading' | 'reload'>;
  skeleton: ReactNode;
  errorMessage: string;
  empty: ReactNode;
  /** False shows the error with a retry even when the read never reached the server. */
  offlineNotice?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  if (loading && !data) return skeleton;
  if (error && !data) return offlineNotice && isOfflineError(error) ? <OfflineNotice /> : <ErrorState message={errorMessage} onRetry={reload} />;
  if (!data?.length) return empty;
  return children(data);
}
