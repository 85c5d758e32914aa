import type { ReactNode } from 'react';

/** The frame both sign-in screens share: a card with a title, the form, and a divider before Google sign-in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section aria-labelledby="auth-title" className="w-full max-w-md rounded-2xl border border-border bg-white p-6 shadow-lg sm:p-8">
      <h1 id="auth-title" className="text-2xl font-bold tracking-tight text-stone-900">
        {title}
      </h1>
      <p className="mt-1 text-muted-foreground">{subtitle}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      or
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

export function ButtonSpinner() {
  return <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />;
}
