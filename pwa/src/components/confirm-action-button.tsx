import { useState, type ComponentProps, type ReactNode } from 'react';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';

/**
 * A ConfirmButton whose action takes a while: once confirmed it is disabled and says `busyLabel` until the action
 * settles; a failure is toasted as `failure` with the reason, and the button can be tried again.
 */
export function ConfirmActionButton({
  action,
  busyLabel,
  failure,
  children,
  ...confirm
}: Omit<ComponentProps<typeof ConfirmButton>, 'onConfirm' | 'disabled' | 'children'> & {
  action: () => Promise<void>;
  busyLabel: string;
  failure: string;
  children: ReactNode;
}) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      notify.error(failure, errorMessage(err, i18n._('common.tryAgainLater')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmButton {...confirm} disabled={busy} onConfirm={() => void run()}>
      {busy ? busyLabel : children}
    </ConfirmButton>
  );
}
