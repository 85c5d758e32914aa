import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/i18n';

/**
 * A dialog holding one form: title, description, the fields, then Cancel and the submit button. Validation is the
 * form's own (shared zod schemas), so the browser's is off.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  onSubmit,
  submitLabel,
  submitDisabled,
  cancelDisabled,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when the dialog is not opened from elsewhere. */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  onSubmit: (e: FormEvent) => void | Promise<void>;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  cancelDisabled?: boolean;
  children: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={cancelDisabled}>
                {i18n._('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
