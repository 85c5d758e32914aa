import type { ReactNode } from 'react';
import { ConnectionNotice, ErrorState } from '@/components/ui/states';
import { isUnreachableError } from '@/lib/connectivity-store';
import type { ApiState } from '@/lib/use-api';

/**
 * A list screen's body through its read: `skeleton` while the first read runs, the error with a retry when it
 * failed (said plainly as offline, or as "Can't reach FoodBridge" when the device is online but the server did
 * not answer), `empty` when there is nothing, and otherwise `children` with the items.
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
  if (error && !data) {
    if (offlineNotice && isUnreachableError(error)) return <ConnectionNotice onRetry={reload} />;
    // `error={null}`: this screen asked for its own message whatever the cause.
    return <ErrorState message={errorMessage} onRetry={reload} error={offlineNotice ? error : null} />;
  }
  if (!data?.length) return empty;
  return children(data);
}
