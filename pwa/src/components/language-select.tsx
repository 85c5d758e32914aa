// A native <select>: keyboard, screen readers and phones' own pickers work with no code of ours, at no cost to the
// home page's JavaScript budget.
import { useId } from 'react';
import { setLocale, useI18n, useLocale } from '@/lib/i18n/i18n';
import { isLocale, LANGUAGE_NAMES, LOCALES } from '@/lib/i18n/locales';

/** `className` sets the wrapper's display too (default `flex`), so a caller can hide it below a breakpoint. */
export function LanguageSelect({ className = 'flex' }: { className?: string }) {
  const i18n = useI18n();
  const locale = useLocale((s) => s.locale);
  const id = useId();
  return (
    <div className={`items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {i18n._('language.label')}
      </label>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-5 shrink-0 text-stone-600">
        <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10zm10 10a10 10 0 1 1-20 0 10 10 0 0 1 20 0" />
      </svg>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          const chosen = e.target.value;
          if (!isLocale(chosen)) return;
          void setLocale(chosen);
          // Signed in: kept on the account too; signed out (the sign-in page's menu): kept for the sign-in, where it
          // wins over the account's language. A chunk loaded on a change only.
          void import('@/lib/i18n/account-locale').then((m) => m.chooseLocale(chosen), () => undefined);
        }}
        className="min-h-11 rounded-lg border border-border bg-white px-2 text-sm font-medium text-stone-800 sm:min-h-10"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
