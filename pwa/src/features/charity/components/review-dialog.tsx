import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { errorMessage, notify } from '@/lib/notify';
import { submitDonationReview } from '../api';

/** The received donation's review: one text the charity may rewrite, saved on the donation itself. */
export function ReviewDialog({
  donationId,
  donationTitle,
  current,
  onSaved,
}: {
  donationId: string;
  donationTitle: string;
  current?: string | undefined;
  onSaved: (review: string, reviewedAt?: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldId = `review-${donationId}`;

  function openChange(next: boolean) {
    if (next) setText(current ?? '');
    setOpen(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const review = text.trim();
    if (!review) return;
    setSaving(true);
    try {
      const res = await submitDonationReview(donationId, review);
      onSaved(res?.donation?.review ?? review, res?.donation?.reviewedAt);
      notify.success('Saved!', 'Thank you for your review.');
      setOpen(false);
    } catch (err) {
      notify.error('Failed to submit review', errorMessage(err, 'Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={<Button variant={current ? 'outline' : 'default'}>{current ? 'Edit Review' : 'Add Review'}</Button>}
      title="Leave a Review"
      description={`How was ${donationTitle}? Your words help the restaurant and other charities.`}
      onSubmit={submit}
      submitLabel={saving ? 'Submitting...' : 'Submit'}
      submitDisabled={saving || !text.trim()}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fieldId}>Your review</Label>
        <Textarea id={fieldId} value={text} onChange={(e) => setText(e.target.value)} rows={5} maxLength={2000} autoFocus />
      </div>
    </FormDialog>
  );
}
