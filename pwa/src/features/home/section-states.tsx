// The home page's own loading, empty and error blocks. The ui/ primitives go through cn() and tailwind-merge
// (about 8 kB gzipped), which the signed-out home page cannot afford within its 125 kB budget (see BUDGET.md).
import type { ReactNode } from 'react';
import { useI18n } from '@/lib/i18n/i18n';
import { AlertTriangle, Inbox } from './icons';

export function SectionHeading({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          {title}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}

export function Pulse({ className }: { className: string }) {
  return <div aria-hidden className={`animate-pulse rounded-md bg-stone-200 ${className}`} />;
}

export function LoadingBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-label={label}>
      {children}
    </div>
  );
}

export function EmptyBlock({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-border bg-white px-6 py-12 text-center">
      <Inbox className="size-10 text-stone-400" aria-hidden />
      <p className="text-muted-foreground">{message}</p>
    </div>
  );
}

export function ErrorBlock({ message, onRetry }: { message: string; onRetry: () => void }) {
  const i18n = useI18n();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 px-6 py-10 text-center">
      <AlertTriangle className="size-9 text-destructive" aria-hidden />
      <p className="font-medium text-red-900">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex min-h-11 items-center justify-center rounded-lg border border-border bg-white px-4 text-sm font-semibold hover:bg-muted"
      >
        {i18n._('home.tryAgain')}
      </button>
    </div>
  );
}

// Only what the home page's cards can be (its budget has no bytes for words it never shows): a featured donation is
// Verified (GET /donations/verified), a charity's request pending, approved or rejected.
const STATUS_NAMES: Record<string, string> = {
  pending: /*i18n*/ 'status.pending',
  verified: /*i18n*/ 'status.verified',
  approved: /*i18n*/ 'status.approved',
};

const STATUS_TONES: Record<string, string> = {
  pending: 'bg-accent-100 text-amber-900',
  verified: 'bg-brand-100 text-brand-900',
  approved: 'bg-brand-100 text-brand-900',
};

/** Same look as ui/badge's StatusBadge: capitalised, coloured by meaning, unknown statuses red. */
export function StatusPill({ status }: { status: string }) {
  const i18n = useI18n();
  const key = status.toLowerCase();
  const name = STATUS_NAMES[key];
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[key] ?? 'bg-red-100 text-red-900'}`}>
      {name ? i18n._(name) : key.charAt(0).toUpperCase() + key.slice(1)}
    </span>
  );
}
