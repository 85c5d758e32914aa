import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/states';
import { errorMessage, notify } from '@/lib/notify';
import { createDonation } from './api';
import { DonationForm, type DonationValues } from './donation-form';

/** Add Surplus Food Donation (spec: validation section 5, messages section 8). */
export function AddDonation() {
  async function add(values: DonationValues): Promise<boolean> {
    try {
      const res = await createDonation(values);
      if (!res?.insertedId) {
        notify.error('Oops!', 'Something went wrong!');
        return false;
      }
      notify.success('Success!', 'Donation added successfully!');
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
      <Card>
        <CardContent className="pt-5">
          <DonationForm submitLabel="Add Donation" busyLabel="Adding..." onSubmit={add} />
        </CardContent>
      </Card>
    </section>
  );
}
