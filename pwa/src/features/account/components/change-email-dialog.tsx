import { ChangeEmailSchema } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { requestEmailChange } from '../api';
import { placeRefusal } from '../refusals';
import { useDialogForm } from '../use-dialog-form';
import { DialogProblem } from './dialog-problem';

/**
 * A new address and the password (POST /auth/change-email). Nothing changes yet: a link goes to the new address, and
 * the e-mail changes when it is opened.
 */
export function ChangeEmailDialog({ onDone }: { onDone: (said: string) => void }) {
  const i18n = useI18n();
  const form = useDialogForm({
    initial: () => ({ newEmail: '', password: '' }),
    parse: (v) => ChangeEmailSchema.safeParse(v),
    submit: requestEmailChange,
    refusal: (err) =>
      placeRefusal(err, { password: 'password', email: 'newEmail', wrongPassword: i18n._('account.wrongPassword'), fallback: i18n._('account.email.failed') }),
    onSaved: (body) => onDone(i18n._('account.email.sent', { email: body.newEmail })),
  });

  return (
    <FormDialog
      open={form.open}
      onOpenChange={form.openChange}
      trigger={<Button variant="outline">{i18n._('account.email.open')}</Button>}
      title={i18n._('account.email.title')}
      description={i18n._('account.email.intro')}
      onSubmit={form.onSubmit}
      submitLabel={form.saving ? i18n._('account.email.sending') : i18n._('account.email.send')}
      submitDisabled={form.saving}
      cancelDisabled={form.saving}
    >
      <Field id="account-new-email" label={i18n._('account.email.new')} error={form.errors.newEmail}>
        <Input
          {...form.described('account-new-email', 'newEmail')}
          type="email"
          value={form.values.newEmail}
          onChange={(e) => form.set('newEmail', e.target.value)}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
        />
      </Field>
      <Field id="account-email-password" label={i18n._('account.password.current')} error={form.errors.password}>
        <PasswordInput
          {...form.described('account-email-password', 'password')}
          value={form.values.password}
          onChange={(e) => form.set('password', e.target.value)}
          autoComplete="current-password"
        />
      </Field>
      <DialogProblem message={form.problem} />
    </FormDialog>
  );
}
