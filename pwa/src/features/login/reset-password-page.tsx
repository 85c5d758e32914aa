import { useState, type FormEvent } from 'react';
import type { I18n } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { LoginSchema } from '@foodbridge/shared/schemas/user';
import { errorAria } from '@/components/field-aria';
import { buttonVariants } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { resetPassword } from '@/lib/auth/account-emails';
import { issueMessage } from '@/lib/form-errors';
import { authErrorMessage } from './auth-errors';
import { useLinkToken } from './link-token';
import { AuthCard, FormAlert, SubmitButton } from './auth-card';
import { useFieldErrors } from './auth-fields';
import { AuthResult } from './auth-result';
import { PasswordInput } from '@/components/password-input';
import { useI18n } from '@/lib/i18n/i18n';

/** `message`: the server's words for a link that is wrong, used or too old; without them, ours. */
type Step = { kind: 'form' } | { kind: 'changed' } | { kind: 'invalid'; message?: string };

function checkPasswords(i18n: I18n, password: FormDataEntryValue | null, confirm: FormDataEntryValue | null): Record<string, string> {
  // The same rule (and message) as registration and the server.
  const rule = LoginSchema.shape.password.safeParse(password);
  if (!rule.success) return { password: (rule.error.issues[0] ? issueMessage(rule.error.issues[0]) : i18n._('password.reset.otherPassword')) };
  if (password !== confirm) return { confirm: i18n._('password.reset.mismatch') };
  return {};
}

/** Opened from the reset e-mail: /reset-password?token=... */
export function ResetPasswordPage() {
  const i18n = useI18n();
  const token = useLinkToken();
  const { errors, setErrors, clearOnChange } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [step, setStep] = useState<Step>(token ? { kind: 'form' } : { kind: 'invalid' });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!token) return;
    const form = new FormData(e.currentTarget);
    const password = form.get('password');
    const found = checkPasswords(i18n, password, form.get('confirm'));
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length || typeof password !== 'string') return;
    setSaving(true);
    try {
      await resetPassword(token, password);
      setStep({ kind: 'changed' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'auth/invalid-action-code') {
        setStep({ kind: 'invalid', message: err.message });
      } else {
        console.error(err);
        setFormError(authErrorMessage(err, i18n._('password.reset.failed')));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthCard title={i18n._('password.reset.title')} subtitle={step.kind === 'form' ? i18n._('password.reset.subtitle') : undefined}>
      {step.kind === 'changed' && (
        <AuthResult tone="success">
          <p>{i18n._('password.reset.changed')}</p>
          <Link to="/login" className={buttonVariants({ className: 'self-start' })}>
            {i18n._('auth.logIn')}
          </Link>
        </AuthResult>
      )}
      {step.kind === 'invalid' && (
        <AuthResult tone="error">
          <p>{step.message || i18n._('auth.invalidLink')}</p>
          <Link to="/forgot-password" className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
            {i18n._('password.reset.newLink')}
          </Link>
        </AuthResult>
      )}
      {step.kind === 'form' && (
        <form noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearOnChange} className="flex flex-col gap-4">
          <Field id="reset-password" label={i18n._('password.reset.new')} error={errors.password} hint={i18n._('auth.passwordHint')}>
            <PasswordInput id="reset-password" name="password" autoComplete="new-password" {...errorAria('reset-password', errors.password)} />
          </Field>
          <Field id="reset-confirm" label={i18n._('password.reset.confirm')} error={errors.confirm}>
            <PasswordInput id="reset-confirm" name="confirm" autoComplete="new-password" {...errorAria('reset-confirm', errors.confirm)} />
          </Field>
          <FormAlert message={formError} />
          <SubmitButton busy={saving} busyLabel={i18n._('password.reset.busy')}>
            {i18n._('password.reset.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
