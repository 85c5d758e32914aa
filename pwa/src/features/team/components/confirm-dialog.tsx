import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/i18n';
import { BUSY_BUTTON, reasonOf } from '../team';
import { FormProblem } from './form-problem';

/**
 * A yes-or-no before a change to the team (remove, hand over, leave). Unlike the app's ConfirmButton it stays open
 * until the change is made, so a refusal (the owner may not leave) is said inside it, where the person is looking.
 * `focusAfter`: where focus goes when the button that opened it is gone by then (the removed member's row).
 */
export function ConfirmDialog({
  trigger,
  triggerVariant = 'outline',
  describedBy,
  title,
  description,
  confirmLabel,
  busyLabel,
  failure,
  action,
  focusAfter,
}: {
  trigger: ReactNode;
  triggerVariant?: 'outline' | 'destructive';
  /** The id of what the trigger acts on (the member's name), so that a list of like buttons is told apart. */
  describedBy?: string | undefined;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  /** Said when the change failed without a reason the person can use (server trouble). */
  failure: string;
  action: () => Promise<void>;
  focusAfter?: (() => HTMLElement | null) | undefined;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const opener = useRef<HTMLButtonElement>(null);

  function openChange(next: boolean) {
    if (busy) return;
    setProblem(undefined);
    setOpen(next);
  }

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
      setOpen(false);
    } catch (err) {
      setProblem(reasonOf(err, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild ref={opener}>
        <Button variant={triggerVariant} size="sm" aria-describedby={describedBy}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        onCloseAutoFocus={(event) => {
          if (opener.current?.isConnected) return;
          const next = focusAfter?.();
          if (!next) return;
          event.preventDefault();
          next.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormProblem message={problem} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" aria-disabled={busy || undefined} className={BUSY_BUTTON} onClick={(e) => busy && e.preventDefault()}>
              {i18n._('team.keep')}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" aria-disabled={busy || undefined} className={BUSY_BUTTON} onClick={() => void confirm()}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
