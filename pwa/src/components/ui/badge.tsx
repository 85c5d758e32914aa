import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import type { I18n } from '@lingui/core';
import { canonical, DONATION_STATUSES } from '@foodbridge/shared/constants';
import { useI18n } from '@/lib/i18n/i18n';
import { charityRequestStatusLabel, donationStatusLabel } from '@/lib/labels';
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

/**
 * A status as a word, capitalised, in the reader's language: a donation's (and a charity-role request's 'approved');
 * one no enum knows shows as it is.
 */
export function statusWord(i18n: I18n, status: string): string {
  const key = status.toLowerCase();
  const word = key === 'approved' ? charityRequestStatusLabel(i18n, key) : donationStatusLabel(i18n, canonical(DONATION_STATUSES, status) ?? status);
  return word.charAt(0).toLocaleUpperCase(i18n.locale) + word.slice(1);
}

/**
 * Status shown capitalised in the reader's language, coloured by meaning; an unknown status is red (spec section 4).
 * The words are a donation's (and a charity-role request's 'approved'); `label` says another enum's word instead, e.g.
 * `requestStatusLabel(i18n, status)`.
 */
export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  const i18n = useI18n();
  return (
    <Badge tone={STATUS_TONES[status.toLowerCase()] ?? 'red'} className={className}>
      {label ?? statusWord(i18n, status)}
    </Badge>
  );
}
