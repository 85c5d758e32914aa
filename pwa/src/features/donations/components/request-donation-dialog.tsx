import { useState, type FormEvent } from 'react';
import { MSG } from '@foodbridge/shared/messages';
import { DonationRequestCreateSchema } from '@foodbridge/shared/schemas/donation-request';
import { FormDialog } from '@/components/form-dialog';
import { Field, Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { requestDonation } from '../api';
import { firstErrors } from '../form-errors';

/** A charity asks the restaurant for a verified donation: why they need it and when they will come. */
export function RequestDonationDialog({
  donation,
  onOpenChange,
  onSubmitted,
}: {
  donation: { _id: string; title: string; pickupTime?: string | undefined };
  onOpenChange: (open: boolean) => void;
  onSubmitted: () => void;
}) {
  const [requestDescription, setRequestDescription] = useState('');
  const [pickupTime, setPickupTime] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = DonationRequestCreateSchema.safeParse({ donationId: donation._id, requestDescription, pickupTime });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await requestDonation(parsed.data);
      notify.success('Request submitted', 'The restaurant will review your request.');
      onSubmitted();
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        notify.warning(err.message || MSG.alreadyRequested);
        onSubmitted();
        onOpenChange(false);
      } else {
        notify.error('Failed to submit request.', err instanceof ApiError && err.status < 500 ? err.message : undefined);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !submitting && onOpenChange(open)}
      title="Request Donation"
      description={<>Tell the restaurant why you need “{donation.title}” and when you will pick it up.</>}
      onSubmit={submit}
      submitLabel={submitting ? 'Submitting...' : 'Submit Request'}
      submitDisabled={submitting}
      cancelDisabled={submitting}
    >
      <Field id="requestDescription" label="Request description" error={errors.requestDescription}>
        <Textarea
          id="requestDescription"
          name="requestDescription"
          required
          maxLength={1000}
          placeholder="Who the food is for and how you will use it"
          value={requestDescription}
          onChange={(e) => setRequestDescription(e.target.value)}
          aria-invalid={Boolean(errors.requestDescription)}
          aria-describedby={errors.requestDescription ? 'requestDescription-error' : undefined}
        />
      </Field>
      <Field
        id="pickupTime"
        label="Pickup time"
        error={errors.pickupTime}
        hint={donation.pickupTime ? `The restaurant's pickup window: ${donation.pickupTime}` : undefined}
      >
        <Input
          id="pickupTime"
          name="pickupTime"
          type="time"
          required
          value={pickupTime}
          onChange={(e) => setPickupTime(e.target.value)}
          aria-invalid={Boolean(errors.pickupTime)}
          aria-describedby={errors.pickupTime ? 'pickupTime-error' : undefined}
        />
      </Field>
    </FormDialog>
  );
}
