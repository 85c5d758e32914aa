import { cn } from '@/lib/utils';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-stone-200', className)} />;
}

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-800" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
