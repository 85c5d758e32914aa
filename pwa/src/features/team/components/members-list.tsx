import { useRef, useState } from 'react';
import { memberRoleName } from '@foodbridge/shared/account-email-texts';
import { leadRoleOf } from '@foodbridge/shared/schemas/organisation';
import { EmailText } from '@/components/email-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/utils';
import { changeMemberRole, handOver, removeMember, type MemberRole, type Organisation, type OrganisationMember } from '../api';
import { BUSY_BUTTON, memberActions, reasonOf, roleTitle, withMemberRole, withoutMember, type Viewer } from '../team';
import { ConfirmDialog } from './confirm-dialog';

/** What a change said, for the page's live region. */
export type Said = { tone: 'done' | 'failed'; text: string };

/**
 * The members with their role and the owner's badge. A manager (coordinator) changes the others' roles, removes them
 * and, when they own the organisation, hands it over; everyone else reads the list.
 */
export function MembersList({
  organisation,
  viewer,
  onChange,
  onReload,
  say,
}: {
  organisation: Organisation;
  viewer: Viewer;
  /** The organisation as a change left it, when the answer says enough to draw it. */
  onChange: (next: Organisation) => void;
  /** A change that moved more than the answer says (the owner's handover makes the new owner a lead too). */
  onReload: () => void;
  say: (said: Said) => void;
}) {
  const i18n = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { members } = organisation;

  async function changeRole(member: OrganisationMember, role: MemberRole) {
    if (busy) return;
    setBusy(member.userId);
    try {
      await changeMemberRole(member.userId, role);
      onChange(withMemberRole(organisation, member.userId, role));
      say({ tone: 'done', text: i18n._('team.roleChanged', { name: member.name, role: memberRoleName(i18n, role) }) });
    } catch (err) {
      say({ tone: 'failed', text: reasonOf(err, i18n._('team.roleFailed')) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="team-members-title">
      <h2 id="team-members-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 outline-none">
        {i18n._('team.members.title', { count: members.length })}
      </h2>
      <p className="mb-3 mt-1 text-sm text-muted-foreground">{i18n._('team.oneOrganisation')}</p>
      <ul className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-white">
        {members.map((member) => {
          const nameId = `team-member-${member.userId}`;
          const actions = memberActions(organisation, viewer, member);
          const isMe = member.userId === viewer.me?.userId;
          const who = { name: member.name, organisation: organisation.name };
          return (
            <li key={member.userId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 font-semibold text-stone-900">
                  <span id={nameId} className="[overflow-wrap:anywhere]">
                    {member.name}
                  </span>
                  {isMe && <span className="text-sm font-normal text-muted-foreground">{i18n._('team.you')}</span>}
                </p>
                <p className="text-sm text-muted-foreground">
                  <EmailText email={member.email} />
                </p>
                <p className="mt-2 flex flex-wrap items-center gap-2">
                  <Badge tone={member.role === leadRoleOf(organisation.kind) ? 'green' : 'blue'}>{roleTitle(i18n, member.role)}</Badge>
                  {member.owner && <Badge tone="violet">{i18n._('team.owner')}</Badge>}
                  {member.joinedAt && <span className="text-xs text-muted-foreground">{i18n._('team.joined', { date: formatDate(member.joinedAt, i18n) })}</span>}
                </p>
              </div>
              {(actions.changeRoleTo || actions.remove || actions.handOver) && (
                <div className="flex flex-wrap gap-2">
                  {actions.changeRoleTo && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-describedby={nameId}
                      className={BUSY_BUTTON}
                      aria-disabled={busy === member.userId || undefined}
                      onClick={() => void changeRole(member, actions.changeRoleTo!)}
                    >
                      {busy === member.userId ? i18n._('team.changingRole') : i18n._('team.makeRole', { role: memberRoleName(i18n, actions.changeRoleTo) })}
                    </Button>
                  )}
                  {actions.handOver && (
                    <ConfirmDialog
                      trigger={i18n._('team.handOver')}
                      describedBy={nameId}
                      title={i18n._('team.handOver.title', who)}
                      description={i18n._('team.handOver.description', { ...who, kind: organisation.kind })}
                      confirmLabel={i18n._('team.handOver.confirm')}
                      busyLabel={i18n._('team.handOver.busy')}
                      failure={i18n._('team.handOver.failed')}
                      focusAfter={() => heading.current}
                      action={async () => {
                        await handOver(member.userId);
                        say({ tone: 'done', text: i18n._('team.handedOver', who) });
                        onReload();
                      }}
                    />
                  )}
                  {actions.remove && (
                    <ConfirmDialog
                      trigger={i18n._('team.remove')}
                      describedBy={nameId}
                      title={i18n._('team.remove.title', who)}
                      description={i18n._('team.remove.description', who)}
                      confirmLabel={i18n._('team.remove.confirm')}
                      busyLabel={i18n._('team.remove.busy')}
                      failure={i18n._('team.remove.failed')}
                      focusAfter={() => heading.current}
                      action={async () => {
                        await removeMember(member.userId);
                        onChange(withoutMember(organisation, member.userId));
                        say({ tone: 'done', text: i18n._('team.removed', who) });
                      }}
                    />
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
