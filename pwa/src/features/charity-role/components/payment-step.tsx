import { lazy, Suspense, useEffect, useState } from 'react';
import { ArrowLeft, CheckCircle2, FlaskConical } from 'lucide-react';
import { CHARITY_ROLE_FEE_DOLLARS } from '@foodbridge/shared/constants';
import type { PaymentIntentResponse } from '@foodbridge/shared/schemas/charity-request';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { errorMessage, notify } from '@/lib/notify';
import { confirmTestPayment, getPublishableKey } from '../api';

const StripeCardPayment = lazy(() => import('./stripe-card-payment'));

const PAY_LABEL = `Pay $${CHARITY_ROLE_FEE_DOLLARS} & Submit Request`;
const TEST_MODE_TITLE = 'Test payment mode - no card is charged';

/**
 * What paying means, in the payer's words. The server keeps the fee when an admin rejects a request (it has no
 * refund path), and a rejected request does not block a new one; in test mode no money moves at all.
 */
export function feeTerms(mode: PaymentIntentResponse['mode']): string {
  return mode === 'test'
    ? `FoodBridge is not taking card payments yet, so the $${CHARITY_ROLE_FEE_DOLLARS} fee is recorded as paid without charging you. ` +
        'As no money changes hands, there is nothing to refund if an admin rejects your request; you can send a new one later.'
    : `The $${CHARITY_ROLE_FEE_DOLLARS} fee pays for an admin's review of your request. It is not refunded if the request is rejected; ` +
        'you can send a new request later.';
}

/**
 * The fee's second step. A real card form when the server holds Stripe keys, otherwise the server's test payment,
 * labelled as such. Once paid, only the saving is retried, so nobody pays twice for one request.
 */
export function PaymentStep({
  intent,
  organization,
  billing,
  paidId,
  saving,
  onPaid,
  onBack,
}: {
  intent: PaymentIntentResponse;
  organization: string;
  billing: { name: string; email: string };
  paidId: string | null;
  saving: boolean;
  onPaid: (paymentIntentId: string) => void;
  onBack: () => void;
}) {
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle>Payment</CardTitle>
        <CardDescription>One-time fee for the charity role request of {organization}.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="flex items-center justify-between rounded-lg bg-muted px-4 py-3">
          <dt className="text-sm text-muted-foreground">Charity role fee</dt>
          <dd className="text-xl font-bold text-stone-900">${CHARITY_ROLE_FEE_DOLLARS.toFixed(2)}</dd>
        </dl>
        {intent.mode !== 'test' && <p className="text-sm text-muted-foreground">{feeTerms(intent.mode)}</p>}
        {paidId ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              Payment received. {saving ? 'Saving your request...' : 'Your request has not been saved yet; please submit it again.'}
            </p>
            <Button size="lg" disabled={saving} onClick={() => onPaid(paidId)}>
              {saving ? 'Submitting...' : 'Submit Request'}
            </Button>
          </div>
        ) : intent.mode === 'test' ? (
          <TestPayment intent={intent} onPaid={onPaid} />
        ) : (
          <CardPayment intent={intent} billing={billing} onPaid={onPaid} />
        )}
        {!paidId && (
          <Button variant="ghost" onClick={onBack} className="self-start">
            <ArrowLeft aria-hidden /> Back to the form
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function TestPayment({ intent, onPaid }: { intent: PaymentIntentResponse; onPaid: (id: string) => void }) {
  const [paying, setPaying] = useState(false);
  async function pay() {
    setPaying(true);
    try {
      await confirmTestPayment(intent.paymentIntentId);
      onPaid(intent.paymentIntentId);
    } catch (err) {
      notify.error('Error', errorMessage(err, 'The test payment failed.'));
    } finally {
      setPaying(false);
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="test-mode-title"
        className="rounded-lg border-2 border-dashed border-accent-500 bg-accent-100 p-4 text-amber-950"
      >
        <h3 id="test-mode-title" className="flex items-center gap-2 font-semibold">
          <FlaskConical className="size-5 shrink-0" aria-hidden /> {TEST_MODE_TITLE}
        </h3>
        {/* The server's own notice (intent.message) is written for whoever runs it; visitors get this. */}
        <p className="mt-1 text-sm">{feeTerms(intent.mode)}</p>
      </section>
      <Button size="lg" onClick={() => void pay()} disabled={paying}>
        {paying ? 'Processing payment...' : PAY_LABEL}
      </Button>
    </div>
  );
}

function CardPayment({
  intent,
  billing,
  onPaid,
}: {
  intent: PaymentIntentResponse;
  billing: { name: string; email: string };
  onPaid: (id: string) => void;
}) {
  const [key, setKey] = useState<string | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    getPublishableKey()
      .then((k) => live && setKey(k))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (failed) return <ErrorState message="Could not prepare the card form." onRetry={() => setAttempt((n) => n + 1)} />;
  if (key === undefined) return <Spinner label="Loading the secure card form" />;
  if (!key) return <ErrorState message="Card payments are not set up on this server. Please contact the FoodBridge team." />;
  return (
    <Suspense fallback={<Spinner label="Loading the secure card form" />}>
      <StripeCardPayment publishableKey={key} clientSecret={intent.clientSecret} billing={billing} payLabel={PAY_LABEL} onPaid={onPaid} />
    </Suspense>
  );
}
