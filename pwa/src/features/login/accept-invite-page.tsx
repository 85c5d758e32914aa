import { useEffect, useState } from 'react';
import type { InvitationPreview } from '@foodbridge/shared/schemas/organisation';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { memberRoleName } from '@foodbridge/shared/account-email-texts';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/skeleton';
import { signOut } from '@/lib/auth/identity';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { acceptRefusalOf, type AcceptRefusal } from './accept-invite';
import { acceptInvitation, previewInvitation } from './api';
import { AuthCard } from './auth-card';
import { AuthResult } from './auth-result';
import { useLinkToken } from './link-token';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4';

/**
 * Opened from an invitation's e-mail: /accept-invite?token=... Signed out, it says how to go on and brings the
 * person back here after signing in or registering (the sign-in pages' `redirect`). Signed in, Join accepts; the
 * account then acts for the organisation, and its Team page opens.
 */
export function AcceptInvitePage() {
  const i18n = useI18n();
  const token = useLinkToken();
  // Back to this very page, token and all, after signing in.
  const here = useLocation({ select: (l) => l.href });
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const ready = useSession((s) => s.ready);
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<AcceptRefusal | null>(null);
  const [preview, setPreview] = useState<InvitationPreview | null>(null);

  // What the link invites to, said before Join; asked again once signed in, to know whether it is this account's.
  useEffect(() => {
    if (!token || !ready) return;
    let current = true;
    previewInvitation(token).then(
      (p) => current && setPreview(p),
      (err: unknown) => current && setRefusal(acceptRefusalOf(err, i18n._('acceptInvite.failed'))),
    );
    return () => {
      current = false;
    };
  }, [token, ready, user?.id, i18n]);
  // Another account is signed in: said now, not after a Join that cannot work.
  const notForYou: AcceptRefusal | null =
    user && preview?.forYou === false
      ? { kind: 'other-email', message: errorMessage('invitations/other-email', 'This invitation was sent to another e-mail address. Sign in with that address to accept it.') }
      : null;

  async function join() {
    if (!token || !user) return;
    setJoining(true);
    setRefusal(null);
    try {
      const organisation = await acceptInvitation(token);
      const mine = organisation.members.find((m) => m.userId === user.id);
      await navigate({ to: '/dashBoard/team' });
      notify.success(
        i18n._('acceptInvite.joined', { organisation: organisation.name }),
        mine ? i18n._('acceptInvite.joinedRole', { role: memberRoleName(i18n, mine.role) }) : undefined,
      );
    } catch (err) {
      setRefusal(acceptRefusalOf(err, i18n._('acceptInvite.failed')));
      setJoining(false);
    }
  }

  const invites = preview && (
    <p className="font-medium">
      {i18n._('acceptInvite.preview', { inviter: preview.invitedBy, organisation: preview.organisation.name, role: memberRoleName(i18n, preview.role) })}
    </p>
  );

  let body;
  if (!ready) body = <Spinner label={i18n._('auth.checkingSession')} />;
  else if (!token) {
    body = (
      <AuthResult tone="error">
        <p>{i18n._('acceptInvite.noToken')}</p>
      </AuthResult>
    );
  } else if (!user) {
    body = refusal ? (
      <Refused refusal={refusal} onRetry={() => window.location.reload()} />
    ) : (
      <div className="flex flex-col gap-4">
        {invites}
        <p>{i18n._('acceptInvite.signedOut')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/login" search={{ redirect: here }} className={buttonVariants({ className: 'sm:flex-1' })}>
            {i18n._('auth.logIn')}
          </Link>
          <Link to="/registration" search={{ redirect: here }} className={buttonVariants({ variant: 'outline', className: 'sm:flex-1' })}>
            {i18n._('acceptInvite.register')}
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {invites}
        <p className="text-sm">{i18n._('acceptInvite.signedInAs', { email: user.email })}</p>
        {refusal || notForYou ? (
          <Refused refusal={(refusal ?? notForYou)!} onRetry={() => void join()} />
        ) : (
          <Button size="lg" className="w-full" disabled={joining} onClick={() => void join()}>
            {joining ? i18n._('acceptInvite.joining') : i18n._('acceptInvite.join')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <AuthCard title={i18n._('acceptInvite.title')} subtitle={i18n._('acceptInvite.intro')}>
      <div className="flex flex-col gap-4">
        <p className="rounded-lg border border-border bg-stone-50 px-3 py-2 text-sm text-stone-700">{i18n._('acceptInvite.oneOrganisation')}</p>
        {body}
      </div>
    </AuthCard>
  );
}

/** The server's reason, with the one thing to do next. */
function Refused({ refusal, onRetry }: { refusal: AcceptRefusal; onRetry: () => void }) {
  const i18n = useI18n();
  return (
    <AuthResult tone="error">
      <p>{refusal.message}</p>
      {refusal.kind === 'failed' && (
        <Button variant="outline" className="self-start" onClick={onRetry}>
          {i18n._('acceptInvite.tryAgain')}
        </Button>
      )}
      {refusal.kind === 'other-email' && (
        // Signed out, this page offers Log in and Register again, and comes back here with the token.
        <Button variant="outline" className="self-start" onClick={() => void signOut()}>
          {i18n._('acceptInvite.switchAccount')}
        </Button>
      )}
      {refusal.kind === 'in-organisation' && (
        <Link to="/dashBoard/team" className={linkClass}>
          {i18n._('acceptInvite.openTeam')}
        </Link>
      )}
      {(refusal.kind === 'invalid' || refusal.kind === 'admin') && (
        <Link to="/dashBoard" className={linkClass}>
          {i18n._('acceptInvite.toDashboard')}
        </Link>
      )}
    </AuthResult>
  );
}
