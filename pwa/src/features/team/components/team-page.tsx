import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { removeMember, rereadRole, useInvitations, useMyOrganisation, type Organisation } from '../api';
import { viewerOf, type Viewer } from '../team';
import { CalendarFeedSection } from './calendar-feed';
import { ConfirmDialog } from './confirm-dialog';
import { InvitationsList } from './invitations-list';
import { InviteForm } from './invite-form';
import { MembersList, type Said } from './members-list';

/**
 * The Team page of a restaurant or charity (issue 46): its members for everyone in it; for its managers
 * (coordinators) the invitations and the changes to the team; Leave for everyone.
 */
export function TeamPage() {
  const i18n = useI18n();
  const userId = useSession((s) => s.user?.id);
  const state = useMyOrganisation();
  const [said, setSaid] = useState<Said | null>(null);
  const { data: organisation, error, loading, reload, setData } = state;

  let body;
  if (loading && !organisation) body = <TableSkeleton rows={3} />;
  else if (!organisation) {
    // An account in no organisation (one that left on another device) is told so in the server's words.
    body =
      error instanceof ApiError && error.code === 'not-found/organisation' ? (
        <EmptyState message={error.message} />
      ) : (
        <ErrorState message={i18n._('team.loadFailed')} onRetry={reload} error={error} />
      );
  } else {
    const viewer = viewerOf(organisation, userId);
    body = (
      <div className="flex flex-col gap-8">
        <MembersList organisation={organisation} viewer={viewer} onChange={setData} onReload={reload} say={setSaid} />
        {viewer.manager ? (
          <ManageTeam organisation={organisation} say={setSaid} />
        ) : (
          <p className="rounded-lg border border-border bg-stone-50 px-4 py-3 text-sm text-stone-700">{i18n._('team.readOnly', { kind: organisation.kind })}</p>
        )}
        {viewer.me && <CalendarFeedSection role={viewer.me.role} />}
        <LeaveSection organisation={organisation} viewer={viewer} />
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-3xl">
      <PageHeader
        title={i18n._('team.title')}
        description={organisation ? i18n._('team.description', { organisation: organisation.name }) : undefined}
      />
      {/* Always in the page, so that a screen reader hears each new result as it is written in. */}
      <div aria-live="polite" aria-atomic="true">
        {said && (
          <p
            className={`mb-4 rounded-lg border px-3 py-2 text-sm text-stone-900 ${said.tone === 'done' ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
          >
            {said.text}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}

/** The invite form and the invitations waiting: a manager's (coordinator's) only, who alone may read them. */
function ManageTeam({ organisation, say }: { organisation: Organisation; say: (said: Said) => void }) {
  const i18n = useI18n();
  const invitations = useInvitations();
  return (
    <>
      <InviteForm
        organisation={organisation}
        onInvited={(invitation) => {
          // Inviting an address again replaces its earlier invitation.
          invitations.setData((list) => [invitation, ...(list ?? []).filter((i) => i.email !== invitation.email)]);
          say({ tone: 'done', text: i18n._('team.invite.sent', { email: invitation.email }) });
        }}
      />
      <InvitationsList
        state={invitations}
        onWithdrawn={(invitation) => {
          invitations.setData((list) => list?.filter((i) => i._id !== invitation._id));
          say({ tone: 'done', text: i18n._('team.invitations.withdrawn', { email: invitation.email }) });
        }}
        onFailed={(text) => say({ tone: 'failed', text })}
      />
    </>
  );
}

/**
 * Leaving, for everyone. The owner and the founding account are refused by the server, which says what to do first
 * (hand the organisation over); the page does not guess it. Afterwards the account is a plain user's: its dashboard.
 */
function LeaveSection({ organisation, viewer }: { organisation: Organisation; viewer: Viewer }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const { me } = viewer;
  if (!me) return null;
  const values = { organisation: organisation.name };
  return (
    <section aria-labelledby="team-leave-title" className="rounded-lg border border-red-200 bg-red-50/50 p-4">
      <h2 id="team-leave-title" className="font-semibold text-red-800">
        {i18n._('team.leave.title', values)}
      </h2>
      <p className="mb-3 mt-1 text-sm text-stone-700">{i18n._('team.leave.description', values)}</p>
      <ConfirmDialog
        trigger={
          <>
            <LogOut aria-hidden className="rtl:-scale-x-100" /> {i18n._('team.leave.open')}
          </>
        }
        title={i18n._('team.leave.confirmTitle', values)}
        description={i18n._('team.leave.description', values)}
        confirmLabel={i18n._('team.leave.confirm')}
        busyLabel={i18n._('team.leave.busy')}
        failure={i18n._('team.leave.failed')}
        action={async () => {
          await removeMember(me.userId);
          // Away first: with the role re-read on this page, its guard would show Access Denied for a moment.
          await navigate({ to: '/dashBoard' });
          await rereadRole('user');
          notify.success(i18n._('team.leave.done', values));
        }}
      />
    </section>
  );
}
