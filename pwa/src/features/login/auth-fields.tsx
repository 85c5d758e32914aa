import { useState, type FormEvent } from 'react';
import { errorAria } from '@/components/field-aria';
import { Field, Input } from '@/components/ui/input';
import { withoutField } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { PasswordInput } from '@/components/password-input';

/** A sign-in form's message per field; `clearOnChange`, the form's onChange, drops a field's message as it is edited. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clearOnChange = (e: FormEvent<HTMLFormElement>) => {
    const field = (e.target as EventTarget & { name?: string }).name ?? '';
    setErrors((current) => withoutField(current, field));
  };
  return { errors, setErrors, clearOnChange };
}

export function EmailField({ id, error }: { id: string; error: string | undefined }) {
  const i18n = useI18n();
  return (
    <Field id={id} label={i18n._('auth.email')} error={error}>
      <Input id={id} name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...errorAria(id, error)} />
    </Field>
  );
}

export function PasswordField({
  id,
  error,
  autoComplete,
  hint,
}: {
  id: string;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}) {
  const i18n = useI18n();
  return (
    <Field id={id} label={i18n._('auth.password')} error={error} hint={hint}>
      <PasswordInput id={id} name="password" autoComplete={autoComplete} {...errorAria(id, error)} />
    </Field>
  );
}
