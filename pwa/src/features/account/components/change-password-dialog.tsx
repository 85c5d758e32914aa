import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@foodbridge/shared/constants';
import { ChangePasswordSchema } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { changePassword } from '../api';
import { placeRefusal } from '../refusals';
import { DialogProblem } from './dialog-problem';

/** The current password and a new one (POST /auth/change-password); the other devices are signed out, this one is not. */
export function ChangePasswordDialog({ onDone }: { onDone: (said: string) => void }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();

  // Passwords are not kept in memory longer than the dialog is open.
  function clear() {
    setCurrentPassword('');
    setNewPassword('');
    setErrors({});
    setProblem(undefined);
  }

  function openChange(next: boolean) {
    if (saving) return;
    clear();
    setOpen(next);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ChangePasswordSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      await changePassword(parsed.data);
      clear();
      setOpen(false);
      onDone(i18n._('account.password.changed'));
    } catch (err) {
      const placed = placeRefusal(err, { password: 'currentPassword', wrongPassword: i18n._('account.wrongPassword'), fallback: i18n._('account.password.failed') });
      if (placed.field) setErrors({ [placed.field]: placed.message });
      else setProblem(placed.message);
    } finally {
      setSaving(false);
    }
  }

  const field = (id: string, key: 'currentPassword' | 'newPassword') => ({
    id,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={<Button variant="outline">{i18n._('account.password.open')}</Button>}
      title={i18n._('account.password.title')}
      description={i18n._('account.password.intro')}
      onSubmit={save}
      submitLabel={saving ? i18n._('account.password.saving') : i18n._('account.password.save')}
      submitDisabled={saving}
      cancelDisabled={saving}
    >
      <Field id="account-current-password" label={i18n._('account.password.current')} error={errors.currentPassword}>
        <PasswordInput
          {...field('account-current-password', 'currentPassword')}
          value={currentPassword}
          onChange={(e) => {
            setCurrentPassword(e.target.value);
            setErrors((errs) => withoutField(errs, 'currentPassword'));
          }}
          autoComplete="current-password"
        />
      </Field>
      <Field
        id="account-new-password"
        label={i18n._('account.password.new')}
        error={errors.newPassword}
        hint={i18n._('account.password.hint', { count: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput
          {...field('account-new-password', 'newPassword')}
          value={newPassword}
          onChange={(e) => {
            setNewPassword(e.target.value);
            setErrors((errs) => withoutField(errs, 'newPassword'));
          }}
          autoComplete="new-password"
        />
      </Field>
      <DialogProblem message={problem} />
    </FormDialog>
  );
}
