import { useState, type FormEvent } from 'react';
import { ReviewCreateSchema, type Review } from '@foodbridge/shared/schemas/review';
import { errorAria } from '@/components/field-aria';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field, NativeSelect, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { ratingLabel } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { addDonationReview } from '../api';

const RATINGS = [5, 4, 3, 2, 1] as const;

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
  const i18n = useI18n();
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
      notify.success(i18n._('charity.saved'), i18n._('charity.review.thanks'));
      setOpen(false);
    } catch (err) {
      notify.error(i18n._('charity.review.failed'), err instanceof ApiError && err.status < 500 ? err.message : i18n._('charity.tryAgain'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={<Button>{i18n._('charity.review.add')}</Button>}
      title={i18n._('charity.review.title')}
      description={i18n._('charity.review.description', { title: donationTitle })}
      onSubmit={submit}
      submitLabel={saving ? i18n._('charity.review.submitting') : i18n._('charity.review.submit')}
      submitDisabled={saving}
      cancelDisabled={saving}
    >
      <Field id={ratingId} label={i18n._('charity.review.rating')} error={errors.rating}>
        <NativeSelect id={ratingId} name="rating" {...errorAria(ratingId, errors.rating)} required value={rating} onChange={(e) => {
            setRating(e.target.value);
            setErrors((all) => withoutField(all, 'rating'));
          }}
        >
          <option value="" disabled>
            {i18n._('charity.review.selectRating')}
          </option>
          {RATINGS.map((value) => (
            <option key={value} value={value}>
              {i18n._('charity.review.ratingOption', { value, label: ratingLabel(i18n, value) })}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={textId} label={i18n._('charity.review.text')} error={errors.description}>
        <Textarea
          id={textId}
          name="description"
          {...errorAria(textId, errors.description)}
          required
          rows={5}
          maxLength={2000}
          placeholder={i18n._('charity.review.placeholder')}
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
