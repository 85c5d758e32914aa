import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/states';
import { errorMessage, notify } from '@/lib/notify';
import { createDonation } from './api';
import { DonationForm, type DonationValues } from './donation-form';

interface Added {
  id: string;
  title: string;
}

/** Add Surplus Food Donation (spec: validation section 5, messages section 8). */
export function AddDonation() {
  const [added, setAdded] = useState<Added | null>(null);

  async function add(values: DonationValues): Promise<boolean> {
    try {
      const res = await createDonation(values);
      if (!res?.insertedId) {
        notify.error('Oops!', 'Something went wrong!');
        return false;
      }
      notify.success('Success!', 'Donation added successfully!');
      setAdded({ id: res.insertedId, title: values.title });
      return true;
    } catch (err) {
      notify.error('Error', errorMessage(err, 'Failed to submit'));
      return false;
    }
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title="Add Surplus Food Donation"
        description="Upload a picture of the food first, then tell charities what it is and when to collect it. An admin verifies it before it is listed."
      />
      {added && <AddedNotice key={added.id} added={added} />}
      <Card>
        <CardContent className="pt-5">
          <DonationForm submitLabel="Add Donation" busyLabel="Adding..." onSubmit={add} />
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * The toast goes in seconds and the form is empty again: this stays, so the restaurant can open what it just posted
 * (or add the next one right away).
 */
function AddedNotice({ added }: { added: Added }) {
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
          <strong className="font-semibold">{added.title}</strong> was added. It is listed for charities once an admin verifies it.
        </span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link to="/donations/$id" params={{ id: added.id }} className={buttonVariants({ size: 'sm' })}>
          View donation
        </Link>
        <Link to="/dashBoard/myDonations" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
          My Donations
        </Link>
      </div>
    </div>
  );
}
