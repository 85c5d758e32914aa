import { useRef, useState } from 'react';
import { EmailText } from '@/components/email-text';
import { ListStates } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { EmptyState, TableSkeleton } from '@/components/ui/states';
import { useI18n } from '@/lib/i18n/i18n';
import type { ApiState } from '@/lib/use-api';
import { formatDate } from '@/lib/utils';
import { withdrawInvitation, type Invitation } from '../api';
import { BUSY_BUTTON, reasonOf, roleTitle } from '../team';

/** The invitations still waiting for an answer, newest first, each with Withdraw (its link stops working at once). */
export function InvitationsList({
  state,
  onWithdrawn,
  onFailed,
}: {
  state: ApiState<Invitation[]>;
  onWithdrawn: (invitation: Invitation) => void;
  onFailed: (message: string) => void;
}) {
  const i18n = useI18n();
  const [busy, setBusy] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function withdraw(invitation: Invitation) {
    if (busy) return;
    setBusy(invitation._id);
    try {
      await withdrawInvitation(invitation._id);
      onWithdrawn(invitation);
      // Its row, with the focused button, is gone: the list's heading is the nearest place to carry on from.
      heading.current?.focus();
    } catch (err) {
      onFailed(reasonOf(err, i18n._('team.invitations.withdrawFailed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="team-invitations-title" aria-busy={state.loading || undefined}>
      <h2 id="team-invitations-title" ref={heading} tabIndex={-1} className="mb-3 outline-none text-lg font-semibold text-stone-900">
        {i18n._('team.invitations.title')}
      </h2>
      <ListStates
        state={state}
        skeleton={<TableSkeleton rows={2} />}
        errorMessage={i18n._('team.invitations.loadFailed')}
        empty={<EmptyState message={i18n._('team.invitations.empty')} />}
      >
        {(invitations) => (
          <ul className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-white">
            {invitations.map((invitation) => (
              <li key={invitation._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p id={`team-invitation-${invitation._id}`} className="font-medium text-stone-900">
                    <EmailText email={invitation.email} />
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {i18n._('team.invitations.detail', {
                      role: roleTitle(i18n, invitation.role),
                      name: invitation.invitedBy,
                      date: formatDate(invitation.expiresAt, i18n),
                    })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className={`self-start sm:self-auto ${BUSY_BUTTON}`}
                  aria-disabled={busy === invitation._id || undefined}
                  aria-describedby={`team-invitation-${invitation._id}`}
                  onClick={() => void withdraw(invitation)}
                >
                  {busy === invitation._id ? i18n._('team.invitations.withdrawing') : i18n._('team.invitations.withdraw')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
