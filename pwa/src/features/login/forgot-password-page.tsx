import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { LoginSchema } from '@foodbridge/shared/schemas/user';
import { Button } from '@/components/ui/button';
import { requestPasswordReset } from '@/lib/auth/account-emails';
import { firstErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { authErrorMessage } from './auth-errors';
import { AuthCard, FormAlert, SubmitButton } from './auth-card';
import { EmailField, useFieldErrors } from './auth-fields';
import { AuthResult } from './auth-result';

const EmailOnly = LoginSchema.pick({ email: true });

/** Asks for a password reset link. The answer never says whether the e-mail has an account. */
export function ForgotPasswordPage() {
  const i18n = useI18n();
  const { errors, setErrors, clearOnChange } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = EmailOnly.safeParse({ email: new FormData(e.currentTarget).get('email') });
    setFormError(null);
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    setErrors({});
    setSending(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSent(true);
    } catch (err) {
      console.error(err);
      setFormError(authErrorMessage(err, i18n._('auth.linkNotSent')));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title={i18n._('password.forgot.title')}
      subtitle={i18n._('password.forgot.subtitle')}
      footer={
        <>
          {i18n._('password.forgot.remembered')}{' '}
          <Link to="/login" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
            {i18n._('auth.logIn')}
          </Link>
        </>
      }
    >
      {sent ? (
        <AuthResult tone="success">
          <p>{i18n._('password.forgot.sent')}</p>
          <p>{i18n._('password.forgot.sentNote')}</p>
          <Button variant="link" className="self-start" onClick={() => setSent(false)}>
            {i18n._('password.forgot.anotherEmail')}
          </Button>
        </AuthResult>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearOnChange} className="flex flex-col gap-4">
          <EmailField id="forgot-email" error={errors.email} />
          <FormAlert message={formError} />
          <SubmitButton busy={sending} busyLabel={i18n._('password.forgot.busy')}>
            {i18n._('password.forgot.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
