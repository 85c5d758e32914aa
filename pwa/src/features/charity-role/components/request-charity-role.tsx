import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { HeartHandshake, Info } from 'lucide-react';
import { CHARITY_ROLE_FEE_DOLLARS } from '@foodbridge/shared/constants';
import { MSG } from '@foodbridge/shared/messages';
import type { CharityRequest, PaymentIntentResponse } from '@foodbridge/shared/schemas/charity-request';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { refreshRole } from '@/lib/auth/identity';
import { useSession } from '@/lib/auth/session-store';
import { ApiError } from '@/lib/api-client';
import { errorMessage, notify } from '@/lib/notify';
import { createPaymentIntent, submitCharityRequest, useMyCharityRequests } from '../api';
import { CharityRequestForm, type CharityRequestDraft } from './charity-request-form';
import { PaymentStep } from './payment-step';
import { RequestSubmitted } from './request-submitted';

const isOpen = (r: CharityRequest) => r.status === 'pending' || r.status === 'approved';

export function RequestCharityRole() {
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
        title="Request Charity Role"
        description={`Charities request verified donations and pick them up for people in need. The request costs $${CHARITY_ROLE_FEE_DOLLARS}.`}
      />
      {role === 'charity' ? (
        <Note title="You are already a charity partner">
          Your account has the charity role. Browse verified donations to request food, and follow your pickups from the dashboard.
          <Link to="/allDonations" className={buttonVariants({ className: 'mt-4' })}>
            Browse donations
          </Link>
        </Note>
      ) : role === 'admin' ? (
        <Note title="Not needed for an admin account">
          Your account is an admin account. Admins decide charity role requests rather than send them: the requests people
          send appear in Manage Role Requests.
          <Link to="/dashBoard/manageRoleRequests" className={buttonVariants({ className: 'mt-4' })}>
            Manage Role Requests
          </Link>
        </Note>
      ) : role === 'restaurant' ? (
        <Note title="Not available for a restaurant account">
          Your account is a restaurant account: it gives food, and charities collect it. An organization that wants to collect
          donations needs its own FoodBridge account, which can then request the charity role here.
          <Link to="/dashBoard/addDonation" className={buttonVariants({ className: 'mt-4' })}>
            Add a donation
          </Link>
        </Note>
      ) : loading && !data ? (
        <div role="status" className="flex flex-col items-center gap-3 py-12 text-muted-foreground">
          <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-800" aria-hidden />
          <p>Checking request status...</p>
        </div>
      ) : error && !data ? (
        <ErrorState message="Failed to load requests." onRetry={reload} />
      ) : (
        <RequestFlow
          existing={data?.find(isOpen)}
          rejectedBefore={!!data?.some((r) => r.status === 'rejected')}
          name={user?.name || 'No Name'}
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
  existing: CharityRequest | undefined;
  rejectedBefore: boolean;
  name: string;
  email: string;
  onSaved: (request: CharityRequest) => void;
  onAlreadySubmitted: () => void;
}) {
  const [draft, setDraft] = useState<CharityRequestDraft>({ organization: '', mission: '' });
  const [step, setStep] = useState<'form' | 'pay'>('form');
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [paidId, setPaidId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (existing) return <RequestSubmitted request={existing} />;

  const alreadySubmitted = (err: unknown) => err instanceof ApiError && err.status === 409 && err.message === MSG.charityRequestExists;

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
      notify.error('Error', errorMessage(err, 'Could not prepare the payment. Please try again.'));
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
      notify.success('Request submitted', 'Your payment went through. An admin will review your charity role request.');
    } catch (err) {
      if (alreadySubmitted(err)) onAlreadySubmitted();
      notify.error('Failed to save charity request', errorMessage(err, 'Please try again.'));
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
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden /> An earlier request of yours was not approved. You are welcome to apply
          again.
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
