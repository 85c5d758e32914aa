import { useState, type FormEvent } from 'react';
import { ReviewCreateSchema } from '@foodbridge/shared/schemas/review';
import { namedControl } from '@/components/field-aria';
import { FormDialog } from '@/components/form-dialog';
import { Field, NativeSelect, Textarea } from '@/components/ui/input';
import { useDialogSubmit, type SubmitDialogProps } from '@/components/use-dialog-submit';
import { notify } from '@/lib/notify';
import { addReview } from '../api';
import { firstErrors } from '@/lib/form-errors';
import { RATING_OPTIONS } from './rating-stars';

export function AddReviewDialog({ donation, ...parent }: { donation: { _id: string; title: string } } & SubmitDialogProps) {
  const [description, setDescription] = useState('');
  const [rating, setRating] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submitting, send, dialog } = useDialogSubmit(parent);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // An unchosen rating must read "Rating is required", not the out-of-range message a coerced 0 would give.
    const parsed = ReviewCreateSchema.safeParse({ donationId: donation._id, description, rating: rating === '' ? undefined : rating });
    setErrors(parsed.success ? {} : firstErrors(parsed.error.issues));
    if (!parsed.success) return;
    await send(async () => {
      await addReview(parsed.data);
      notify.success('Review added', 'Thank you for sharing your experience.');
    }, 'Failed to submit review.');
  }

  return (
    <FormDialog
      {...dialog}
      title="Add Review"
      description={<>How was “{donation.title}”? Your review helps restaurants and charities.</>}
      onSubmit={submit}
      submitLabel={submitting ? 'Submitting...' : 'Submit Review'}
    >
      <Field id="rating" label="Rating" error={errors.rating}>
        <NativeSelect {...namedControl('rating', errors)} required value={rating} onChange={(e) => setRating(e.target.value)}>
          <option value="" disabled>
            Select a rating
          </option>
          {RATING_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="description" label="Review" error={errors.description}>
        <Textarea
          {...namedControl('description', errors)}
          required
          maxLength={2000}
          placeholder="What went well, and what could be better?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
