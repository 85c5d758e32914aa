import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** What a parent gives a form dialog it opens: the dialog closes itself, and says when its form went through. */
export interface SubmitDialogProps {
  onOpenChange: (open: boolean) => void;
  onSubmitted: () => void;
}

/**
 * A FormDialog that is open while its parent renders it (spread `dialog` into it). `send` runs the form's work with
 * the dialog locked (it does not close and its buttons wait), then tells the parent and closes; a failure shows
 * `failure`, with the server's reason when the server refused (4xx), and leaves the form open to try again.
 */
export function useDialogSubmit({ onOpenChange, onSubmitted }: SubmitDialogProps) {
  const [submitting, setSubmitting] = useState(false);

  async function send(work: () => Promise<void>, failure: string) {
    setSubmitting(true);
    try {
      await work();
      onSubmitted();
      onOpenChange(false);
    } catch (err) {
      notify.error(failure, err instanceof ApiError && err.status < 500 ? err.message : undefined);
    } finally {
      setSubmitting(false);
    }
  }

  const dialog = {
    open: true,
    onOpenChange: (open: boolean) => !submitting && onOpenChange(open),
    submitDisabled: submitting,
    cancelDisabled: submitting,
  };
  return { submitting, send, dialog };
}
