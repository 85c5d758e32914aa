import { useState, type FormEvent } from 'react';
import { MSG } from '@foodbridge/shared/messages';
import { DonationRequestCreateSchema } from '@foodbridge/shared/schemas/donation-request';
import { namedControl } from '@/components/field-aria';
import { FormDialog } from '@/components/form-dialog';
import { Field, Input, Textarea } from '@/components/ui/input';
import { useDialogSubmit, type SubmitDialogProps } from '@/components/use-dialog-submit';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { requestDonation } from '../api';
import { firstErrors } from '@/lib/form-errors';

/** A charity asks the restaurant for a verified donation: why they need it and when they will come. */
export function RequestDonationDialog({
  donation,
  ...parent
}: { donation: { _id: string; title: string; pickupTime?: string | undefined } } & SubmitDialogProps) {
  const [requestDescription, setRequestDescription] = useState('');
  const [pickupTime, setPickupTime] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submitting, send, dialog } = useDialogSubmit(parent);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = DonationRequestCreateSchema.safeParse({ donationId: donation._id, requestDescription, pickupTime });
    setErrors(parsed.success ? {} : firstErrors(parsed.error.issues));
    if (!parsed.success) return;
    await send(async () => {
      try {
        await requestDonation(parsed.data);
        notify.success('Request submitted', 'The restaurant will review your request.');
      } catch (err) {
        // Already requested (another tab, a double tap): the request the charity wanted exists, so this one is done.
        if (!(err instanceof ApiError && err.status === 409)) throw err;
        notify.warning(err.message || MSG.alreadyRequested);
      }
    }, 'Failed to submit request.');
  }

  return (
    <FormDialog
      {...dialog}
      title="Request Donation"
      description={<>Tell the restaurant why you need “{donation.title}” and when you will pick it up.</>}
      onSubmit={submit}
      submitLabel={submitting ? 'Submitting...' : 'Submit Request'}
    >
      <Field id="requestDescription" label="Request description" error={errors.requestDescription}>
        <Textarea
          {...namedControl('requestDescription', errors)}
          required
          maxLength={1000}
          placeholder="Who the food is for and how you will use it"
          value={requestDescription}
          onChange={(e) => setRequestDescription(e.target.value)}
        />
      </Field>
      <Field
        id="pickupTime"
        label="Pickup time"
        error={errors.pickupTime}
        hint={donation.pickupTime ? `The restaurant's pickup window: ${donation.pickupTime}` : undefined}
      >
        <Input
          {...namedControl('pickupTime', errors)}
          type="time"
          required
          value={pickupTime}
          onChange={(e) => setPickupTime(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
