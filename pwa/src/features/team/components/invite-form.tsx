import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { INVITATION_DAYS, InvitationInputSchema } from '@foodbridge/shared/schemas/organisation';
import { Button } from '@/components/ui/button';
import { Field, Input, NativeSelect } from '@/components/ui/input';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { invite, type Invitation, type MemberRole, type Organisation } from '../api';
import { BUSY_BUTTON, placeInviteRefusal, roleTitle, rolesOf } from '../team';
import { FormProblem } from './form-problem';

const EMAIL_ID = 'team-invite-email';
const ROLE_ID = 'team-invite-role';

/**
 * The e-mail address and one of the kind's two roles (POST /organisations/mine/invitations). The role offered first
 * is the one most people join in (staff, driver). A refusal is said beside the field it is about, else in the form.
 */
export function InviteForm({ organisation, onInvited }: { organisation: Organisation; onInvited: (invitation: Invitation) => void }) {
  const i18n = useI18n();
  const roles = rolesOf(organisation);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roles[roles.length - 1]!);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  async function send(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const parsed = InvitationInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setSending(true);
    setProblem(undefined);
    try {
      onInvited(await invite(parsed.data));
      setEmail('');
    } catch (err) {
      const placed = placeInviteRefusal(err, i18n._('team.invite.failed'));
      if (placed.field) {
        setErrors({ [placed.field]: placed.message });
        document.getElementById(placed.field === 'email' ? EMAIL_ID : ROLE_ID)?.focus();
      } else setProblem(placed.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="team-invite-title" className="rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm sm:p-5">
      <h2 id="team-invite-title" className="text-lg font-semibold text-stone-900">
        {i18n._('team.invite.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{i18n._('team.invite.description', { days: INVITATION_DAYS })}</p>
      <form noValidate onSubmit={(e) => void send(e)} className="mt-4 flex flex-col gap-4">
        <Field id={EMAIL_ID} label={i18n._('team.invite.email')} error={errors.email}>
          <Input
            id={EMAIL_ID}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors((errs) => withoutField(errs, 'email'));
            }}
            autoComplete="off"
            inputMode="email"
            maxLength={254}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${EMAIL_ID}-error` : undefined}
          />
        </Field>
        <Field id={ROLE_ID} label={i18n._('team.invite.role')} error={errors.role}>
          <NativeSelect
            id={ROLE_ID}
            value={role}
            onChange={(e) => {
              setRole(e.target.value as MemberRole);
              setErrors((errs) => withoutField(errs, 'role'));
            }}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errors.role ? `${ROLE_ID}-error ${ROLE_ID}-hint` : `${ROLE_ID}-hint`}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleTitle(i18n, r)}
              </option>
            ))}
          </NativeSelect>
          <p id={`${ROLE_ID}-hint`} className="text-xs text-muted-foreground">
            {i18n._('team.invite.roleHint', { kind: organisation.kind })}
          </p>
        </Field>
        <FormProblem message={problem} />
        <Button type="submit" className={`self-start ${BUSY_BUTTON}`} aria-disabled={sending || undefined}>
          <Send aria-hidden className="rtl:-scale-x-100" /> {sending ? i18n._('team.invite.sending') : i18n._('team.invite.send')}
        </Button>
      </form>
    </section>
  );
}
