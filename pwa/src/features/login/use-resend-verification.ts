import { useCallback, useState } from 'react';
import type { I18n } from '@lingui/core';
import { ApiError } from '@/lib/api-client';
import { sendVerificationEmail } from '@/lib/auth/account-emails';
import { useI18n } from '@/lib/i18n/i18n';
import { authErrorMessage } from './auth-errors';

export type ResendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; at: Date }
  /** Asked again too soon (the server allows one link a minute). */
  | { kind: 'wait'; message: string }
  | { kind: 'failed'; message: string };

function isTooSoon(err: unknown): boolean {
  return (err instanceof ApiError && err.status === 429) || (err as { code?: string } | null)?.code === 'auth/too-many-requests';
}

/** 'Send the link again' of the verification notice and of a failed verification page. */
export function useResendVerification() {
  const i18n = useI18n();
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const send = useCallback(async () => {
    setState({ kind: 'sending' });
    try {
      await sendVerificationEmail();
      setState({ kind: 'sent', at: new Date() });
    } catch (err) {
      if (isTooSoon(err)) return setState({ kind: 'wait', message: err instanceof ApiError && err.message ? err.message : i18n._('verifyEmail.resend.wait') });
      console.error(err);
      setState({ kind: 'failed', message: authErrorMessage(err, i18n._('auth.linkNotSent')) });
    }
  }, [i18n]);
  return { state, send };
}

/** What the resend did, in words, for the live region beside its button. */
export function resendStatus(i18n: I18n, state: ResendState, email: string): string {
  switch (state.kind) {
    case 'sending':
      return i18n._('verifyEmail.resend.sending');
    case 'sent':
      return i18n._('verifyEmail.resend.sent', { email, time: i18n.date(state.at, { hour: '2-digit', minute: '2-digit' }) });
    case 'wait':
    case 'failed':
      return state.message;
    default:
      return '';
  }
}
