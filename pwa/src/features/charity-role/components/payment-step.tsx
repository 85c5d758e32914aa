import { lazy, Suspense, useEffect, useState } from 'react';
import { ArrowLeft, CheckCircle2, FlaskConical } from 'lucide-react';
import type { I18n } from '@lingui/core';
import type { PaymentIntentResponse } from '@foodbridge/shared/schemas/charity-request';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { confirmTestPayment, getPublishableKey } from '../api';
import { feeText } from '../fee';

const StripeCardPayment = lazy(() => import('./stripe-card-payment'));

const payLabel = (i18n: I18n) => i18n._('charityRole.pay', { fee: feeText(i18n) });

/**
 * What paying means, in the payer's words. The server keeps the fee when an admin rejects a request (it has no
 * refund path), and a rejected request does not block a new one; in test mode no money moves at all.
 */
export function feeTerms(i18n: I18n, mode: PaymentIntentResponse['mode']): string {
  const fee = feeText(i18n);
  return mode === 'test' ? i18n._('charityRole.terms.test', { fee }) : i18n._('charityRole.terms.card', { fee });
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
  const i18n = useI18n();
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle>{i18n._('charityRole.payment.title')}</CardTitle>
        <CardDescription>{i18n._('charityRole.payment.description', { organization })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="flex items-center justify-between rounded-lg bg-muted px-4 py-3">
          <dt className="text-sm text-muted-foreground">{i18n._('charityRole.payment.fee')}</dt>
          <dd className="text-xl font-bold text-stone-900">{feeText(i18n, { cents: true })}</dd>
        </dl>
        {intent.mode !== 'test' && <p className="text-sm text-muted-foreground">{feeTerms(i18n, intent.mode)}</p>}
        {paidId ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              {saving ? i18n._('charityRole.paid.saving') : i18n._('charityRole.paid.notSaved')}
            </p>
            <Button size="lg" disabled={saving} onClick={() => onPaid(paidId)}>
              {saving ? i18n._('charityRole.submit.busy') : i18n._('charityRole.submit')}
            </Button>
          </div>
        ) : intent.mode === 'test' ? (
          <TestPayment intent={intent} onPaid={onPaid} />
        ) : (
          <CardPayment intent={intent} billing={billing} onPaid={onPaid} />
        )}
        {!paidId && (
          <Button variant="ghost" onClick={onBack} className="self-start">
            <ArrowLeft className="rtl:-scale-x-100" aria-hidden /> {i18n._('charityRole.payment.back')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function TestPayment({ intent, onPaid }: { intent: PaymentIntentResponse; onPaid: (id: string) => void }) {
  const i18n = useI18n();
  const [paying, setPaying] = useState(false);
  async function pay() {
    setPaying(true);
    try {
      await confirmTestPayment(intent.paymentIntentId);
      onPaid(intent.paymentIntentId);
    } catch (err) {
      notify.error(i18n._('charityRole.errorTitle'), errorMessage(err, i18n._('charityRole.testPaymentFailed')));
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
          <FlaskConical className="size-5 shrink-0" aria-hidden /> {i18n._('charityRole.testMode.title')}
        </h3>
        {/* The server's own notice (intent.message) is written for whoever runs it; visitors get this. */}
        <p className="mt-1 text-sm">{feeTerms(i18n, intent.mode)}</p>
      </section>
      <Button size="lg" onClick={() => void pay()} disabled={paying}>
        {paying ? i18n._('charityRole.processing') : payLabel(i18n)}
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
  const i18n = useI18n();
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

  if (failed) return <ErrorState message={i18n._('charityRole.card.notPrepared')} onRetry={() => setAttempt((n) => n + 1)} />;
  if (key === undefined) return <Spinner label={i18n._('charityRole.card.loading')} />;
  if (!key) return <ErrorState message={i18n._('charityRole.card.notSetUp')} />;
  return (
    <Suspense fallback={<Spinner label={i18n._('charityRole.card.loading')} />}>
      <StripeCardPayment publishableKey={key} clientSecret={intent.clientSecret} billing={billing} payLabel={payLabel(i18n)} onPaid={onPaid} />
    </Suspense>
  );
}
