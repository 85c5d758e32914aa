import { useState, type FormEvent } from 'react';
import { ReviewCreateSchema } from '@foodbridge/shared/schemas/review';
import { FormDialog } from '@/components/form-dialog';
import { Field, NativeSelect, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { addReview } from '../api';
import { firstErrors } from '../form-errors';
import { RATING_OPTIONS } from './rating-stars';

export function AddReviewDialog({
  donation,
  onOpenChange,
  onSubmitted,
}: {
  donation: { _id: string; title: string };
  onOpenChange: (open: boolean) => void;
  onSubmitted: () => void;
}) {
  const [description, setDescription] = useState('');
  const [rating, setRating] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // An unchosen rating must read "Rating is required", not the out-of-range message a coerced 0 would give.
    const parsed = ReviewCreateSchema.safeParse({ donationId: donation._id, description, rating: rating === '' ? undefined : rating });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await addReview(parsed.data);
      notify.success('Review added', 'Thank you for sharing your experience.');
      onSubmitted();
      onOpenChange(false);
    } catch (err) {
      notify.error('Failed to submit review.', err instanceof ApiError && err.status < 500 ? err.message : undefined);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !submitting && onOpenChange(open)}
      title="Add Review"
      description={<>How was “{donation.title}”? Your review helps restaurants and charities.</>}
      onSubmit={submit}
      submitLabel={submitting ? 'Submitting...' : 'Submit Review'}
      submitDisabled={submitting}
      cancelDisabled={submitting}
    >
      <Field id="rating" label="Rating" error={errors.rating}>
        <NativeSelect
          id="rating"
          name="rating"
          required
          value={rating}
          onChange={(e) => setRating(e.target.value)}
          aria-invalid={Boolean(errors.rating)}
          aria-describedby={errors.rating ? 'rating-error' : undefined}
        >
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
          id="description"
          name="description"
          required
          maxLength={2000}
          placeholder="What went well, and what could be better?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? 'description-error' : undefined}
        />
      </Field>
    </FormDialog>
  );
}
