import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-stone-200', className)} />;
}

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const i18n = useI18n();
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-800" />
      <span className="sr-only">{label ?? i18n._('common.loading')}</span>
    </div>
  );
}
