import { useState, type FormEvent } from 'react';
import { ReviewCreateSchema } from '@foodbridge/shared/schemas/review';
import { namedControl } from '@/components/field-aria';
import { FormDialog } from '@/components/form-dialog';
import { Field, NativeSelect, Textarea } from '@/components/ui/input';
import { useDialogSubmit, type SubmitDialogProps } from '@/components/use-dialog-submit';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { addReview } from '../api';
import { firstErrors } from '@/lib/form-errors';
import { ratingOptions } from './rating-stars';

export function AddReviewDialog({ donation, ...parent }: { donation: { _id: string; title: string } } & SubmitDialogProps) {
  const i18n = useI18n();
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
      notify.success(i18n._('review.added'), i18n._('review.addedDetail'));
    }, i18n._('review.failed'));
  }

  return (
    <FormDialog
      {...dialog}
      title={i18n._('review.title')}
      description={i18n._('review.description', { title: donation.title })}
      onSubmit={submit}
      submitLabel={submitting ? i18n._('review.submitting') : i18n._('review.submit')}
    >
      <Field id="rating" label={i18n._('review.rating')} error={errors.rating}>
        <NativeSelect {...namedControl('rating', errors)} required value={rating} onChange={(e) => setRating(e.target.value)}>
          <option value="" disabled>
            {i18n._('review.selectRating')}
          </option>
          {ratingOptions(i18n).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="description" label={i18n._('review.review')} error={errors.description}>
        <Textarea
          {...namedControl('description', errors)}
          required
          maxLength={2000}
          placeholder={i18n._('review.placeholder')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
