import { useState, type FormEvent } from 'react';
import { memberRoleName } from '@foodbridge/shared/account-email-texts';
import { SeriesRequestCreateSchema } from '@foodbridge/shared/schemas/donation-series';
import type { OrganisationMember } from '@foodbridge/shared/schemas/organisation';
import { FormDialog } from '@/components/form-dialog';
import { useDialogSubmit, type SubmitDialogProps } from '@/components/use-dialog-submit';
import { Field, NativeSelect, Textarea } from '@/components/ui/input';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { askForSeries, type DonationSeries } from '../api';

/**
 * A charity's coordinator asks for a standing pickup of a regular donation: a short message to the restaurant and,
 * where the charity has members to choose from, the one every pickup is given to (without one, the charity as a
 * whole, and any member may take each pickup).
 */
export function AskSeriesDialog({ series, members, ...props }: SubmitDialogProps & { series: DonationSeries; members: readonly OrganisationMember[] }) {
  const i18n = useI18n();
  const [message, setMessage] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { send, submitting, dialog } = useDialogSubmit(props);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = SeriesRequestCreateSchema.safeParse({ requestDescription: message, ...(assigneeId ? { assigneeId } : {}) });
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.requestDescription ? 'series-ask-message' : 'series-ask-assignee')?.focus();
      return;
    }
    void send(async () => {
      await askForSeries(series._id, parsed.data);
      notify.success(i18n._('series.ask.doneTitle'), i18n._('series.ask.done', { restaurant: series.restaurantName }));
    }, i18n._('series.ask.failed'));
  }

  return (
    <FormDialog
      {...dialog}
      title={i18n._('series.ask.title', { title: series.title })}
      description={i18n._('series.ask.description', { restaurant: series.restaurantName })}
      onSubmit={submit}
      submitLabel={submitting ? i18n._('series.ask.submitting') : i18n._('series.ask.submit')}
    >
      <Field id="series-ask-message" label={i18n._('series.ask.message')} error={errors.requestDescription}>
        <Textarea
          id="series-ask-message"
          value={message}
          maxLength={1000}
          placeholder={i18n._('series.ask.messagePlaceholder')}
          onChange={(e) => {
            setMessage(e.target.value);
            setErrors((errs) => withoutField(errs, 'requestDescription'));
          }}
          {...(errors.requestDescription ? { 'aria-invalid': true, 'aria-describedby': 'series-ask-message-error' } : {})}
        />
      </Field>
      {members.length > 0 && (
        <Field id="series-ask-assignee" label={i18n._('series.ask.assignee')} hint={i18n._('series.ask.assigneeHint')} error={errors.assigneeId}>
          <NativeSelect
            id="series-ask-assignee"
            value={assigneeId}
            onChange={(e) => {
              setAssigneeId(e.target.value);
              setErrors((errs) => withoutField(errs, 'assigneeId'));
            }}
            {...(errors.assigneeId ? { 'aria-invalid': true, 'aria-describedby': 'series-ask-assignee-error' } : {})}
          >
            <option value="">{i18n._('series.ask.wholeCharity')}</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {i18n._('series.ask.member', { name: m.name, role: memberRoleName(i18n, m.role) })}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
    </FormDialog>
  );
}
