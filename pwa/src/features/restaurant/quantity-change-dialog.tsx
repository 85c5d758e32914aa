import { useState, type FormEvent } from 'react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { FormDialog } from '@/components/form-dialog';
import { useDialogSubmit, type SubmitDialogProps } from '@/components/use-dialog-submit';
import { Field, Input } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { quantityLabel } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { updateDonation } from './api';
import { quantityChange } from './donation-status';

/**
 * A regular donation's date its standing pickup's charity will collect (issue 47): only its quantity may still change
 * (the bakery has more bread tonight); the server tells the charity's members.
 */
export function QuantityChangeDialog({ donation, ...props }: SubmitDialogProps & { donation: Donation }) {
  const i18n = useI18n();
  const [value, setValue] = useState(String(donation.quantity));
  const { send, submitting, dialog } = useDialogSubmit(props);
  const quantity = quantityChange(donation, value);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (quantity === undefined) return;
    void send(async () => {
      await updateDonation(donation._id, { quantity });
      notify.success(
        i18n._('restaurant.quantity.doneTitle'),
        i18n._('restaurant.quantity.done', { quantity: quantityLabel(i18n, quantity, donation.unit), charity: donation.charityName ?? '' }),
      );
    }, i18n._('restaurant.quantity.failed'));
  }

  return (
    <FormDialog
      {...dialog}
      title={i18n._('restaurant.quantity.title', { title: donation.title })}
      description={i18n._('restaurant.quantity.description', { charity: donation.charityName ?? '' })}
      onSubmit={submit}
      submitLabel={submitting ? i18n._('restaurant.quantity.submitting') : i18n._('restaurant.quantity.submit')}
      submitDisabled={dialog.submitDisabled || quantity === undefined}
    >
      <Field id="quantity-change" label={i18n._('restaurant.quantity.label', { unit: donation.unit === 'kg' ? 'kg' : i18n._('restaurant.quantity.portions') })}>
        <Input id="quantity-change" type="number" inputMode="decimal" min="0.1" step="any" value={value} onChange={(e) => setValue(e.target.value)} required />
      </Field>
    </FormDialog>
  );
}
