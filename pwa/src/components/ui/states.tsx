import * as React from 'react';
import { AlertTriangle, CloudOff, Inbox, WifiOff } from 'lucide-react';
import { isUnreachableError, useConnectivity } from '@/lib/connectivity-store';
import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Skeleton } from './skeleton';

export function EmptyState({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-border bg-white px-6 py-12 text-center">
      <Inbox className="size-10 text-stone-400" aria-hidden />
      <p className="text-muted-foreground">{message}</p>
      {children}
    </div>
  );
}

/**
 * A read that got no answer, said as what it is: offline when the device has no network, "Can't reach FoodBridge"
 * when it has one and the server does not answer (then with Try again; offline, a retry could only fail, and the
 * reads start again by themselves when the network returns). Without `onRetry`, Try again reloads the page.
 */
export function ConnectionNotice({ className, onRetry }: { className?: string; onRetry?: (() => void) | undefined }) {
  const i18n = useI18n();
  const online = useConnectivity((s) => s.online);
  const Icon = online ? CloudOff : WifiOff;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-[var(--radius-card)] border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-stone-900',
        className,
      )}
    >
      <Icon aria-hidden className="size-5 shrink-0 text-amber-800" />
      {online ? (
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">{i18n._('connection.unreachable')}</strong> {i18n._('connection.unreachableDetail')}
        </p>
      ) : (
        <p className="min-w-0 flex-1 font-medium">{i18n._('connection.offline')}</p>
      )}
      {online && (
        <Button variant="outline" size="sm" onClick={onRetry ?? (() => window.location.reload())}>
          {i18n._('common.tryAgain')}
        </Button>
      )}
    </div>
  );
}

/**
 * A failed read with a retry. When the failure is that the server was never reached (`error` says so, or, without
 * it, the connectivity store does), the connection notice says that instead of a generic failure.
 */
export function ErrorState({ message, onRetry, error }: { message: string; onRetry?: () => void; error?: unknown }) {
  const i18n = useI18n();
  const online = useConnectivity((s) => s.online);
  const reachable = useConnectivity((s) => s.reachable);
  const noAnswer = error !== undefined ? isUnreachableError(error) : Boolean(onRetry) && (!online || !reachable);
  if (noAnswer) return <ConnectionNotice onRetry={onRetry} />;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 px-6 py-10 text-center">
      <AlertTriangle className="size-9 text-destructive" aria-hidden />
      <p className="font-medium text-red-900">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {i18n._('common.tryAgain')}
        </Button>
      )}
    </div>
  );
}

export function CardGridSkeleton({ count = 6, columns = 'sm:grid-cols-2 lg:grid-cols-3' }: { count?: number; columns?: string }) {
  const i18n = useI18n();
  return (
    <div role="status" className={`grid grid-cols-1 gap-6 ${columns}`} aria-busy="true" aria-label={i18n._('common.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-white">
          <Skeleton className="h-44 w-full rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  const i18n = useI18n();
  return (
    <div role="status" className="space-y-2 rounded-[var(--radius-card)] border border-border bg-white p-4" aria-busy="true" aria-label={i18n._('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function PageHeader({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}
