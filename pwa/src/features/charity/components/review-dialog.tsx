import { useState, type FormEvent } from 'react';
import { RATING_LABELS } from '@foodbridge/shared/constants';
import { ReviewCreateSchema, type Review } from '@foodbridge/shared/schemas/review';
import { errorAria } from '@/components/field-aria';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field, NativeSelect, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { addDonationReview } from '../api';

const RATINGS = ([5, 4, 3, 2, 1] as const).map((value) => ({ value, label: `${value} - ${RATING_LABELS[value]}` }));

/**
 * The received donation's review: the same review (1-5 rating and text, POST /reviews, ReviewCreateSchema) as the
 * details page's Add Review, so the restaurant, the admin and the donation's page all read one kind of review.
 */
export function ReviewDialog({
  donationId,
  donationTitle,
  onSaved,
}: {
  donationId: string;
  donationTitle: string;
  onSaved: (review: Pick<Review, 'rating' | 'description'>) => void;
}) {
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [rating, setRating] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Several cards each have this dialog, one open at a time; ids still differ so labels never point elsewhere.
  const ratingId = `review-rating-${donationId}`;
  const textId = `review-text-${donationId}`;

  function openChange(next: boolean) {
    if (saving) return;
    if (next) {
      setDescription('');
      setRating('');
      setErrors({});
    }
    setOpen(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // An unchosen rating must read "Rating is required", not the out-of-range message a coerced 0 would give.
    const parsed = ReviewCreateSchema.safeParse({ donationId, description, rating: rating === '' ? undefined : rating });
    setErrors(parsed.success ? {} : firstErrors(parsed.error.issues));
    if (!parsed.success) return;
    setSaving(true);
    try {
      await addDonationReview(parsed.data);
      onSaved({ rating: parsed.data.rating, description: parsed.data.description });
      notify.success('Saved!', 'Thank you for your review.');
      setOpen(false);
    } catch (err) {
      notify.error('Failed to submit review', err instanceof ApiError && err.status < 500 ? err.message : 'Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={<Button>Add Review</Button>}
      title="Leave a Review"
      description={`How was ${donationTitle}? The restaurant sees your rating and words.`}
      onSubmit={submit}
      submitLabel={saving ? 'Submitting...' : 'Submit'}
      submitDisabled={saving}
      cancelDisabled={saving}
    >
      <Field id={ratingId} label="Rating" error={errors.rating}>
        <NativeSelect id={ratingId} name="rating" {...errorAria(ratingId, errors.rating)} required value={rating} onChange={(e) => {
            setRating(e.target.value);
            setErrors((all) => withoutField(all, 'rating'));
          }}
        >
          <option value="" disabled>
            Select a rating
          </option>
          {RATINGS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={textId} label="Your review" error={errors.description}>
        <Textarea
          id={textId}
          name="description"
          {...errorAria(textId, errors.description)}
          required
          rows={5}
          maxLength={2000}
          placeholder="What went well, and what could be better?"
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((all) => withoutField(all, 'description'));
          }}
        />
      </Field>
    </FormDialog>
  );
}
