import { PASSWORD_MIN_LENGTH } from '@foodbridge/shared/constants';
import { ChangePasswordSchema } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { changePassword } from '../api';
import { placeRefusal } from '../refusals';
import { useDialogForm } from '../use-dialog-form';
import { DialogProblem } from './dialog-problem';

/** The current password and a new one (POST /auth/change-password); the other devices are signed out, this one is not. */
export function ChangePasswordDialog({ onDone }: { onDone: (said: string) => void }) {
  const i18n = useI18n();
  // Passwords are not kept in memory longer than the dialog is open: a closed dialog forgets its values.
  const form = useDialogForm({
    initial: () => ({ currentPassword: '', newPassword: '' }),
    parse: (v) => ChangePasswordSchema.safeParse(v),
    submit: async (body) => void (await changePassword(body)),
    refusal: (err) => placeRefusal(err, { password: 'currentPassword', wrongPassword: i18n._('account.wrongPassword'), fallback: i18n._('account.password.failed') }),
    onSaved: () => onDone(i18n._('account.password.changed')),
  });

  return (
    <FormDialog
      open={form.open}
      onOpenChange={form.openChange}
      trigger={<Button variant="outline">{i18n._('account.password.open')}</Button>}
      title={i18n._('account.password.title')}
      description={i18n._('account.password.intro')}
      onSubmit={form.onSubmit}
      submitLabel={form.saving ? i18n._('account.password.saving') : i18n._('account.password.save')}
      submitDisabled={form.saving}
      cancelDisabled={form.saving}
    >
      <Field id="account-current-password" label={i18n._('account.password.current')} error={form.errors.currentPassword}>
        <PasswordInput
          {...form.described('account-current-password', 'currentPassword')}
          value={form.values.currentPassword}
          onChange={(e) => form.set('currentPassword', e.target.value)}
          autoComplete="current-password"
        />
      </Field>
      <Field
        id="account-new-password"
        label={i18n._('account.password.new')}
        error={form.errors.newPassword}
        hint={i18n._('account.password.hint', { count: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput
          {...form.described('account-new-password', 'newPassword')}
          value={form.values.newPassword}
          onChange={(e) => form.set('newPassword', e.target.value)}
          autoComplete="new-password"
        />
      </Field>
      <DialogProblem message={form.problem} />
    </FormDialog>
  );
}
