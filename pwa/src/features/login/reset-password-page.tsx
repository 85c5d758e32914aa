import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { LoginSchema } from '@foodbridge/shared/schemas/user';
import { errorAria } from '@/components/field-aria';
import { buttonVariants } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { resetPassword } from '@/lib/auth/account-emails';
import { authErrorMessage } from './auth-errors';
import { useLinkToken } from './link-token';
import { AuthCard, FormAlert, SubmitButton } from './auth-card';
import { useFieldErrors } from './auth-fields';
import { AuthResult, INVALID_LINK } from './auth-result';
import { PasswordInput } from './password-input';

const MISMATCH = 'The two passwords do not match.';

type Step = { kind: 'form' } | { kind: 'changed' } | { kind: 'invalid'; message: string };

function checkPasswords(password: FormDataEntryValue | null, confirm: FormDataEntryValue | null): Record<string, string> {
  // The same rule (and message) as registration and the server.
  const rule = LoginSchema.shape.password.safeParse(password);
  if (!rule.success) return { password: rule.error.issues[0]?.message ?? 'Please choose another password.' };
  if (password !== confirm) return { confirm: MISMATCH };
  return {};
}

/** Opened from the reset e-mail: /reset-password?token=... */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const { errors, setErrors, clearOnChange } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [step, setStep] = useState<Step>(token ? { kind: 'form' } : { kind: 'invalid', message: INVALID_LINK });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!token) return;
    const form = new FormData(e.currentTarget);
    const password = form.get('password');
    const found = checkPasswords(password, form.get('confirm'));
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length || typeof password !== 'string') return;
    setSaving(true);
    try {
      await resetPassword(token, password);
      setStep({ kind: 'changed' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'auth/invalid-action-code') {
        setStep({ kind: 'invalid', message: err.message || INVALID_LINK });
      } else {
        console.error(err);
        setFormError(authErrorMessage(err, 'The password could not be changed. Please try again.'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthCard title="Choose a new password" subtitle={step.kind === 'form' ? 'Every device signed in to your account will be logged out.' : undefined}>
      {step.kind === 'changed' && (
        <AuthResult tone="success">
          <p>Your password was changed. Please log in.</p>
          <Link to="/login" className={buttonVariants({ className: 'self-start' })}>
            Log in
          </Link>
        </AuthResult>
      )}
      {step.kind === 'invalid' && (
        <AuthResult tone="error">
          <p>{step.message}</p>
          <Link to="/forgot-password" className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
            Ask for a new link
          </Link>
        </AuthResult>
      )}
      {step.kind === 'form' && (
        <form noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearOnChange} className="flex flex-col gap-4">
          <Field id="reset-password" label="New password" error={errors.password} hint="At least 6 characters.">
            <PasswordInput id="reset-password" name="password" autoComplete="new-password" {...errorAria('reset-password', errors.password)} />
          </Field>
          <Field id="reset-confirm" label="Confirm new password" error={errors.confirm}>
            <PasswordInput id="reset-confirm" name="confirm" autoComplete="new-password" {...errorAria('reset-confirm', errors.confirm)} />
          </Field>
          <FormAlert message={formError} />
          <SubmitButton busy={saving} busyLabel="Saving password...">
            Change password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
