import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { HeartHandshake, Info } from 'lucide-react';
import { CHARITY_ROLE_FEE_DOLLARS } from '@foodbridge/shared/constants';
import { MSG } from '@foodbridge/shared/messages';
import type { CharityRequest, CharityRequestPublic, PaymentIntentResponse } from '@foodbridge/shared/schemas/charity-request';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { refreshRole } from '@/lib/auth/identity';
import { useSession } from '@/lib/auth/session-store';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { createPaymentIntent, submitCharityRequest, useMyCharityRequests } from '../api';
import { feeText } from '../fee';
import { CharityRequestForm, type CharityRequestDraft } from './charity-request-form';
import { PaymentStep } from './payment-step';
import { RequestSubmitted } from './request-submitted';

const isOpen = (r: CharityRequestPublic) => r.status === 'pending' || r.status === 'approved';

export function RequestCharityRole() {
  const i18n = useI18n();
  const user = useSession((s) => s.user);
  const role = useSession((s) => s.role);
  const { data, error, loading, reload, setData } = useMyCharityRequests(user?.email);

  // An admin may have approved the request since sign-in: the role decides which screen this is.
  useEffect(() => {
    refreshRole().catch(() => undefined);
  }, []);

  return (
    <section>
      <PageHeader
        title={i18n._('charityRole.title')}
        description={i18n._('charityRole.description', { fee: feeText(i18n) })}
      />
      {role === 'charity' ? (
        <Note title={i18n._('charityRole.already.title')}>
          {i18n._('charityRole.already.text')}
          <Link to="/allDonations" className={buttonVariants({ className: 'mt-4' })}>
            {i18n._('charityRole.already.browse')}
          </Link>
        </Note>
      ) : role === 'admin' ? (
        <Note title={i18n._('charityRole.admin.title')}>
          {i18n._('charityRole.admin.text')}
          <Link to="/dashBoard/manageRoleRequests" className={buttonVariants({ className: 'mt-4' })}>
            {i18n._('charityRole.admin.manage')}
          </Link>
        </Note>
      ) : role === 'restaurant' ? (
        <Note title={i18n._('charityRole.restaurant.title')}>
          {i18n._('charityRole.restaurant.text')}
          <Link to="/dashBoard/addDonation" className={buttonVariants({ className: 'mt-4' })}>
            {i18n._('charityRole.restaurant.addDonation')}
          </Link>
        </Note>
      ) : loading && !data ? (
        <div role="status" className="flex flex-col items-center gap-3 py-12 text-muted-foreground">
          <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-800" aria-hidden />
          <p>{i18n._('charityRole.checking')}</p>
        </div>
      ) : error && !data ? (
        <ErrorState message={i18n._('charityRole.failed')} onRetry={reload} />
      ) : (
        <RequestFlow
          existing={data?.find(isOpen)}
          rejectedBefore={!!data?.some((r) => r.status === 'rejected')}
          name={user?.name || i18n._('charityRole.noName')}
          email={user?.email ?? ''}
          onSaved={(request) => setData((list) => [request, ...(list ?? [])])}
          onAlreadySubmitted={reload}
        />
      )}
    </section>
  );
}

function RequestFlow({
  existing,
  rejectedBefore,
  name,
  email,
  onSaved,
  onAlreadySubmitted,
}: {
  existing: CharityRequestPublic | undefined;
  rejectedBefore: boolean;
  name: string;
  email: string;
  onSaved: (request: CharityRequest) => void;
  onAlreadySubmitted: () => void;
}) {
  const i18n = useI18n();
  const [draft, setDraft] = useState<CharityRequestDraft>({ organization: '', mission: '' });
  const [step, setStep] = useState<'form' | 'pay'>('form');
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [paidId, setPaidId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (existing) return <RequestSubmitted request={existing} />;

  // By its code; the English sentence too, from a server older than the codes (the message may be translated).
  const alreadySubmitted = (err: unknown) =>
    err instanceof ApiError && err.status === 409 && (err.code === 'charity-request/exists' || err.message === MSG.charityRequestExists);

  async function proceed(next: CharityRequestDraft) {
    setDraft(next);
    // The intent is kept when the visitor goes back to fix a typo: the same payment is offered again.
    if (intent) return setStep('pay');
    setPreparing(true);
    try {
      setIntent(await createPaymentIntent());
      setStep('pay');
    } catch (err) {
      if (alreadySubmitted(err)) onAlreadySubmitted();
      notify.error(i18n._('charityRole.errorTitle'), errorMessage(err, i18n._('charityRole.paymentNotPrepared')));
    } finally {
      setPreparing(false);
    }
  }

  async function save(paymentId: string) {
    setPaidId(paymentId);
    setSaving(true);
    try {
      const res = await submitCharityRequest({ ...draft, paymentId });
      const now = new Date().toISOString();
      onSaved({
        _id: res.insertedId,
        name,
        email,
        organization: draft.organization,
        mission: draft.mission,
        paymentAmount: CHARITY_ROLE_FEE_DOLLARS,
        paymentId,
        status: 'pending',
        requestedAt: now,
        transaction: { paymentId, amount: CHARITY_ROLE_FEE_DOLLARS, timestamp: now },
      });
      notify.success(i18n._('charityRole.saved.title'), i18n._('charityRole.saved.text'));
    } catch (err) {
      if (alreadySubmitted(err)) onAlreadySubmitted();
      notify.error(i18n._('charityRole.notSaved.title'), errorMessage(err, i18n._('charityRole.notSaved.text')));
    } finally {
      setSaving(false);
    }
  }

  if (step === 'pay' && intent) {
    return (
      <PaymentStep
        intent={intent}
        organization={draft.organization}
        billing={{ name, email }}
        paidId={paidId}
        saving={saving}
        onPaid={(id) => void save(id)}
        onBack={() => setStep('form')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {rejectedBefore && (
        <p className="mx-auto flex w-full max-w-xl items-start gap-2 rounded-lg border border-border bg-white p-3 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden /> {i18n._('charityRole.rejectedBefore')}
        </p>
      )}
      <CharityRequestForm name={name} email={email} initial={draft} preparing={preparing} onProceed={(d) => void proceed(d)} />
    </div>
  );
}

function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex w-full max-w-xl flex-col items-center gap-3 p-6 text-center sm:p-8">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <HeartHandshake className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-bold text-stone-900">{title}</h2>
      <div className="flex flex-col items-center text-muted-foreground">{children}</div>
    </Card>
  );
}
