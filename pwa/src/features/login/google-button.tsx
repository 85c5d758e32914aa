import { useState } from 'react';
import { signInWithGoogle } from '@/lib/auth/sign-in';
import { notify } from '@/lib/notify';
import { useI18n } from '@/lib/i18n/i18n';
import { authErrorMessage, isCancelled } from './auth-errors';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 01-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0012 24z" />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 010-4.7V6.6h-4a12 12 0 000 10.9z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 001.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}

/**
 * 'Login with Google'. When the server is not in Firebase mode, signInWithGoogle throws an explanation, which is
 * shown rather than swallowed (the spec's original only logged failures).
 */
export function GoogleButton({
  signingIn,
  onSignedIn,
  disabled,
}: {
  /** The page's own flag, true from the click until a failure, so its "already signed in" redirect waits. */
  signingIn: { current: boolean };
  onSignedIn: () => void | Promise<void>;
  disabled?: boolean;
}) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    signingIn.current = true;
    try {
      await signInWithGoogle();
      await onSignedIn();
    } catch (err) {
      signingIn.current = false;
      if (!isCancelled(err)) {
        console.error(err);
        notify.error(i18n._('auth.google.failedTitle'), authErrorMessage(err, i18n._('auth.google.failed')));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void signIn()}
      disabled={disabled || busy}
      aria-busy={busy}
      className="inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-lg border border-border bg-white px-4 text-sm font-semibold text-stone-800 transition-colors hover:bg-muted disabled:pointer-events-none disabled:opacity-60"
    >
      {busy ? <span className="size-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-800" aria-hidden /> : <GoogleMark />}
      {i18n._('auth.google.button')}
    </button>
  );
}
