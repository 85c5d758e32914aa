import { useState, type FormEvent } from 'react';
import { ChangeEmailSchema } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { requestEmailChange } from '../api';
import { placeRefusal } from '../refusals';
import { DialogProblem } from './dialog-problem';

/**
 * A new address and the password (POST /auth/change-email). Nothing changes yet: a link goes to the new address, and
 * the e-mail changes when it is opened.
 */
export function ChangeEmailDialog({ onDone }: { onDone: (said: string) => void }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();

  function clear() {
    setNewEmail('');
    setPassword('');
    setErrors({});
    setProblem(undefined);
  }

  function openChange(next: boolean) {
    if (saving) return;
    clear();
    setOpen(next);
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    const parsed = ChangeEmailSchema.safeParse({ newEmail, password });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      await requestEmailChange(parsed.data);
      clear();
      setOpen(false);
      onDone(i18n._('account.email.sent', { email: parsed.data.newEmail }));
    } catch (err) {
      const placed = placeRefusal(err, {
        password: 'password',
        email: 'newEmail',
        wrongPassword: i18n._('account.wrongPassword'),
        fallback: i18n._('account.email.failed'),
      });
      if (placed.field) setErrors({ [placed.field]: placed.message });
      else setProblem(placed.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={<Button variant="outline">{i18n._('account.email.open')}</Button>}
      title={i18n._('account.email.title')}
      description={i18n._('account.email.intro')}
      onSubmit={send}
      submitLabel={saving ? i18n._('account.email.sending') : i18n._('account.email.send')}
      submitDisabled={saving}
      cancelDisabled={saving}
    >
      <Field id="account-new-email" label={i18n._('account.email.new')} error={errors.newEmail}>
        <Input
          id="account-new-email"
          type="email"
          value={newEmail}
          onChange={(e) => {
            setNewEmail(e.target.value);
            setErrors((errs) => withoutField(errs, 'newEmail'));
          }}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          aria-invalid={errors.newEmail ? true : undefined}
          aria-describedby={errors.newEmail ? 'account-new-email-error' : undefined}
        />
      </Field>
      <Field id="account-email-password" label={i18n._('account.password.current')} error={errors.password}>
        <PasswordInput
          id="account-email-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((errs) => withoutField(errs, 'password'));
          }}
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'account-email-password-error' : undefined}
        />
      </Field>
      <DialogProblem message={problem} />
    </FormDialog>
  );
}
