import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { CurrentPasswordSchema } from '@foodbridge/shared/schemas/user';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { signOut } from '@/lib/auth/identity';
import { issueMessage } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { deleteMyAccount } from '../api';
import { afterRefusal, deleteBody, DELETE_START, type DeleteState } from '../delete-account';
import { DialogProblem } from './dialog-problem';

const PASSWORD_ID = 'account-delete-password';
/** What the person does next at each step: delete (again), sign in again, or, for the last admin, close. */
const ACTION_ID = 'account-delete-action';

/**
 * Deleting one's own account: the password typed (with Firebase only the question), then, when the server says
 * others' donations or pickups would change, its explanation and a second yes. Once deleted, this device signs out and
 * goes to the home page.
 */
export function DeleteAccountDialog({ firebase }: { firebase: boolean }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [state, setState] = useState<DeleteState>(DELETE_START);
  const [busy, setBusy] = useState(false);
  const { step } = state;

  // The password field goes away at the second step: focus goes to what to do next, not to the page behind.
  useEffect(() => {
    if (!open) return;
    const target = step.kind !== 'ask' ? ACTION_ID : state.passwordError ? PASSWORD_ID : null;
    if (target) document.getElementById(target)?.focus();
  }, [open, step.kind, state.passwordError]);

  function openChange(next: boolean) {
    if (busy) return;
    setPassword('');
    setState(DELETE_START);
    setOpen(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (step.kind === 'sign-in-again') {
      // Signed out, the dashboard's guard opens the sign-in page and brings the person back here afterwards.
      setOpen(false);
      await signOut();
      return;
    }
    if (!firebase && step.kind === 'ask') {
      const typed = CurrentPasswordSchema.safeParse(password);
      if (!typed.success) {
        setState({ step, passwordError: issueMessage(typed.error.issues[0]!) });
        return;
      }
    }
    setBusy(true);
    try {
      await deleteMyAccount(deleteBody(state, password, firebase));
    } catch (err) {
      setState(afterRefusal(state, err, { wrongPassword: i18n._('account.wrongPassword'), failed: i18n._('account.delete.failed') }));
      setBusy(false);
      return;
    }
    // Home first: signed out on a dashboard page, its guard would send the person to the sign-in page instead.
    await navigate({ to: '/' });
    // As for a removed account (the server takes nothing more from its token), and its Firebase user deleted too.
    await signOut({ accountGone: true, deleted: true });
    notify.success(i18n._('account.delete.doneTitle'), i18n._('account.delete.done'));
  }

  const actionLabel =
    step.kind === 'sign-in-again'
      ? i18n._('account.delete.signInAgain')
      : busy
        ? i18n._('account.delete.deleting')
        : step.kind === 'confirm'
          ? i18n._('account.delete.confirm')
          : i18n._('account.delete.submit');

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden /> {i18n._('account.delete.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{i18n._('account.delete.title')}</DialogTitle>
          <DialogDescription>{i18n._('account.delete.intro')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          {step.kind === 'ask' && !firebase && (
            <Field id={PASSWORD_ID} label={i18n._('account.delete.password')} error={state.passwordError}>
              <PasswordInput
                id={PASSWORD_ID}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setState((s) => ({ step: s.step }));
                }}
                autoComplete="current-password"
                aria-invalid={state.passwordError ? true : undefined}
                aria-describedby={state.passwordError ? `${PASSWORD_ID}-error` : undefined}
              />
            </Field>
          )}
          {step.kind === 'ask' && firebase && <p className="text-sm">{i18n._('account.delete.firebaseNote')}</p>}
          {step.kind !== 'ask' && (
            <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-stone-900">
              {step.message}
            </p>
          )}
          <DialogProblem message={state.error} />
          <DialogFooter>
            <DialogClose asChild>
              <Button id={step.kind === 'blocked' ? ACTION_ID : undefined} type="button" variant="outline" disabled={busy}>
                {step.kind === 'blocked' ? i18n._('account.delete.close') : i18n._('account.delete.keep')}
              </Button>
            </DialogClose>
            {step.kind !== 'blocked' && (
              <Button id={ACTION_ID} type="submit" variant={step.kind === 'sign-in-again' ? 'default' : 'destructive'} disabled={busy}>
                {actionLabel}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
