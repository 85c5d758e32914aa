import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A toggle among All Donations' filters: a chip that says whether it is chosen (aria-pressed). */
export function FilterChip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors sm:min-h-9',
        pressed ? 'border-brand-800 bg-brand-800 text-white' : 'border-border bg-white text-stone-700 hover:border-brand-500 hover:text-brand-800',
      )}
    >
      {children}
    </button>
  );
}
