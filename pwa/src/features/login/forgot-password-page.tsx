import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { LoginSchema } from '@foodbridge/shared/schemas/user';
import { Button } from '@/components/ui/button';
import { requestPasswordReset } from '@/lib/auth/account-emails';
import { firstErrors } from '@/lib/form-errors';
import { authErrorMessage } from './auth-errors';
import { AuthCard, FormAlert, SubmitButton } from './auth-card';
import { EmailField, useFieldErrors } from './auth-fields';
import { AuthResult } from './auth-result';

const EmailOnly = LoginSchema.pick({ email: true });

/** Asks for a password reset link. The answer never says whether the e-mail has an account. */
export function ForgotPasswordPage() {
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
      setFormError(authErrorMessage(err, 'The link could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      {sent ? (
        <AuthResult tone="success">
          <p>If an account exists for that e-mail, we sent a link to reset the password.</p>
          <p>The link works for a limited time. Check your spam folder if it does not arrive.</p>
          <Button variant="link" className="self-start" onClick={() => setSent(false)}>
            Use another e-mail
          </Button>
        </AuthResult>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearOnChange} className="flex flex-col gap-4">
          <EmailField id="forgot-email" error={errors.email} />
          <FormAlert message={formError} />
          <SubmitButton busy={sending} busyLabel="Sending link...">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
