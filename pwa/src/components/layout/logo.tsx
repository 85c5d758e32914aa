import { Link } from '@tanstack/react-router';
import { useI18n } from '@/lib/i18n/i18n';

/** The two-tone wordmark: "Food" + "Bridge". */
export function Logo({ className = '' }: { className?: string }) {
  const i18n = useI18n();
  return (
    <Link to="/" className={`inline-flex min-w-0 items-center gap-2 rounded-md text-xl font-extrabold tracking-tight sm:text-2xl ${className}`} aria-label={i18n._('nav.logoHome')}>
      <img src="/favicon.svg" alt="" className="size-8 shrink-0" width={32} height={32} />
      {/* Cut short, not pushed under what is beside it, where a narrow bar has no room for the whole name. Never
          smaller than text-xl: bold from 20 px is large text, where the accent's 3.2:1 contrast passes (issue 9). */}
      <span className="truncate">
        <span className="text-brand-800">Food</span>
        <span className="text-accent-600">Bridge</span>
      </span>
    </Link>
  );
}
