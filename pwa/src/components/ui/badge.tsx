import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    tone: {
      neutral: 'bg-stone-100 text-stone-800',
      green: 'bg-brand-100 text-brand-900',
      amber: 'bg-accent-100 text-amber-900',
      red: 'bg-red-100 text-red-900',
      blue: 'bg-sky-100 text-sky-900',
      violet: 'bg-violet-100 text-violet-900',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export function Badge({ className, tone, ...props }: React.HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

const STATUS_TONES: Record<string, VariantProps<typeof badgeVariants>['tone']> = {
  pending: 'amber',
  verified: 'green',
  approved: 'green',
  accepted: 'blue',
  assigned: 'violet',
  picked: 'neutral',
  rejected: 'red',
};

/** Status shown capitalised, coloured by meaning; an unknown status is red (spec section 4). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const key = status.toLowerCase();
  const label = key.charAt(0).toUpperCase() + key.slice(1);
  return (
    <Badge tone={STATUS_TONES[key] ?? 'red'} className={className}>
      {label}
    </Badge>
  );
}
