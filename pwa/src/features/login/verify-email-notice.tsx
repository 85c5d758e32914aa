import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { resendStatus, useResendVerification } from './use-resend-verification';

/** Shown in the dashboard to a signed-in account whose e-mail is not verified yet (not when that is unknown). */
export function VerifyEmailNotice() {
  const i18n = useI18n();
  const user = useSession((s) => s.user);
  const { state, send } = useResendVerification();
  if (!user || user.emailVerified !== false) return null;
  return (
    <section
      aria-labelledby="verify-notice-title"
      className="mb-6 flex gap-3 rounded-[var(--radius-card)] border border-accent-400 bg-accent-100 p-4 text-sm text-stone-900"
    >
      <MailWarning className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="verify-notice-title" className="font-semibold">
          {i18n._('verifyEmail.notice.title')}
        </h2>
        <p>
          {i18n._('verifyEmail.notice.before')}
          <span className="break-all font-medium">{user.email}</span>
          {i18n._('verifyEmail.notice.after')}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Button variant="outline" size="sm" className="self-start" disabled={state.kind === 'sending'} onClick={() => void send()}>
            {i18n._('verifyEmail.notice.resend')}
          </Button>
          <p aria-live="polite" className={state.kind === 'wait' || state.kind === 'failed' ? 'text-red-900' : undefined}>
            {resendStatus(i18n, state, user.email)}
          </p>
        </div>
      </div>
    </section>
  );
}
