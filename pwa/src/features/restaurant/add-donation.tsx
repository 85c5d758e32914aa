import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/states';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { createDonation } from './api';
import { DonationForm, type DonationValues } from './donation-form';

interface Added {
  id: string;
  title: string;
}

/** Add Surplus Food Donation (spec: validation section 5, messages section 8). */
export function AddDonation() {
  const i18n = useI18n();
  const [added, setAdded] = useState<Added | null>(null);

  async function add(values: DonationValues): Promise<boolean> {
    try {
      const res = await createDonation(values);
      if (!res?.insertedId) {
        notify.error(i18n._('restaurant.addDonation.oopsTitle'), i18n._('restaurant.addDonation.oops'));
        return false;
      }
      notify.success(i18n._('restaurant.addDonation.addedTitle'), i18n._('restaurant.addDonation.added'));
      setAdded({ id: res.insertedId, title: values.title });
      return true;
    } catch (err) {
      notify.error(i18n._('restaurant.addDonation.errorTitle'), errorMessage(err, i18n._('restaurant.addDonation.failed')));
      return false;
    }
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title={i18n._('restaurant.addDonation.title')}
        description={i18n._('restaurant.addDonation.intro')}
      />
      {added && <AddedNotice key={added.id} added={added} />}
      <Card>
        <CardContent className="pt-5">
          <DonationForm submitLabel={i18n._('restaurant.addDonation.submit')} busyLabel={i18n._('restaurant.addDonation.submitting')} onSubmit={add} />
        </CardContent>
      </Card>
    </section>
  );
}

/** A character no title or translation contains, standing for the title while the sentence is split around it. */
const TITLE_SLOT = '\uE000';

/**
 * The toast goes in seconds and the form is empty again: this stays, so the restaurant can open what it just posted
 * (or add the next one right away).
 */
function AddedNotice({ added }: { added: Added }) {
  const i18n = useI18n();
  // The title is bold inside the sentence, wherever the language puts it: the message is split at its place.
  const [before, after = ''] = i18n._('restaurant.addDonation.notice', { title: TITLE_SLOT }).split(TITLE_SLOT);
  const box = useRef<HTMLDivElement>(null);
  // The submit button the restaurant pressed is still focused at the bottom of a cleared form; the notice is at the top.
  // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div
      ref={box}
      role="status"
      className="mb-4 flex flex-col gap-3 rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-4 text-brand-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {before}
          <strong className="font-semibold">{added.title}</strong>
          {after}
        </span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link to="/donations/$id" params={{ id: added.id }} className={buttonVariants({ size: 'sm' })}>
          {i18n._('restaurant.addDonation.view')}
        </Link>
        <Link to="/dashBoard/myDonations" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
          {i18n._('restaurant.addDonation.myDonations')}
        </Link>
      </div>
    </div>
  );
}
