// Loaded on demand, only when the server takes real card payments: Stripe's SDK never reaches other screens.
import { useEffect, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';

const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, promise);
  }
  return promise;
}

export interface CardPaymentProps {
  publishableKey: string;
  clientSecret: string;
  billing: { name: string; email: string };
  payLabel: string;
  onPaid: (paymentIntentId: string) => void;
}

export default function StripeCardPayment(props: CardPaymentProps) {
  const i18n = useI18n();
  const [stripe, setStripe] = useState<Promise<Stripe | null>>(() => stripeFor(props.publishableKey));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void stripe.then((s) => live && setFailed(!s));
    return () => {
      live = false;
    };
  }, [stripe]);

  if (failed) {
    return (
      <ErrorState
        message={i18n._('charityRole.card.notLoaded')}
        onRetry={() => {
          stripes.delete(props.publishableKey);
          setFailed(false);
          setStripe(stripeFor(props.publishableKey));
        }}
      />
    );
  }
  return (
    // Stripe's own words in the card field (placeholders, its messages) in the app's language, not the browser's.
    <Elements stripe={stripe} options={{ locale: i18n.locale as StripeElementLocale }}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, billing, payLabel, onPaid }: CardPaymentProps) {
  const i18n = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  async function pay(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPaying(true);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (error) notify.error(i18n._('charityRole.errorTitle'), error.message ?? i18n._('charityRole.card.notCharged'));
      else if (paymentIntent.status === 'succeeded') onPaid(paymentIntent.id);
      else notify.error(i18n._('charityRole.errorTitle'), i18n._('charityRole.card.notCompleted', { status: paymentIntent.status.replace(/_/g, ' ') }));
    } finally {
      setPaying(false);
    }
  }

  if (!stripe) return <Spinner label={i18n._('charityRole.card.loading')} />;
  return (
    <form onSubmit={pay} className="flex flex-col gap-4">
      <div role="group" aria-labelledby="card-label" className="flex flex-col gap-1.5">
        <span id="card-label" className="text-sm font-medium">
          {i18n._('charityRole.card.label')}
        </span>
        <div className="rounded-lg border border-border bg-white px-3 py-3.5 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring">
          <CardElement options={{ style: { base: { fontSize: '16px', color: '#1c1917', '::placeholder': { color: '#78716c' } } } }} />
        </div>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Lock className="size-3.5" aria-hidden /> {i18n._('charityRole.card.privacy')}
        </p>
      </div>
      <Button type="submit" size="lg" disabled={paying}>
        {paying ? i18n._('charityRole.processing') : payLabel}
      </Button>
    </form>
  );
}
