import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';

/**
 * The frame of the sign-in and account e-mail screens: a card with a title, the form, Google sign-in after a
 * divider (only where the server offers it), and the line that leads to another screen.
 */
export function AuthCard({
  title,
  subtitle,
  google,
  footer,
  children,
}: {
  title: string;
  subtitle?: string;
  google?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="auth-title" className="w-full max-w-md rounded-2xl border border-border bg-white p-6 shadow-lg sm:p-8">
      <h1 id="auth-title" className="text-2xl font-bold tracking-tight text-stone-900">
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-muted-foreground">{subtitle}</p>}
      <div className="mt-6">
        {children}
        {google && (
          <>
            <OrDivider />
            {google}
          </>
        )}
        {footer && <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p>}
      </div>
    </section>
  );
}

function OrDivider() {
  const i18n = useI18n();
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      {i18n._('auth.or')}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {message}
    </p>
  );
}

/** The form's submit button; while busy it is disabled and says what is happening beside a spinner. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
      {busy ? (
        <>
          <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden /> {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
