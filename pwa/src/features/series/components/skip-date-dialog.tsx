import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useDialogSubmit, type SubmitDialogProps } from '@/components/use-dialog-submit';
import { Field, NativeSelect } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { skipSeriesDate, type DonationSeries } from '../api';
import { seriesDateText } from '../series-words';

/**
 * Skip one of a series' coming dates: nothing is given that day, an occurrence written already is withdrawn, and the
 * charity of its standing pickup is told (the server does both). Only the dates it gives food on are offered.
 */
export function SkipDateDialog({ series, ...props }: SubmitDialogProps & { series: DonationSeries }) {
  const i18n = useI18n();
  const [date, setDate] = useState(series.nextDates[0] ?? '');
  const { send, submitting, dialog } = useDialogSubmit(props);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!date) return;
    void send(async () => {
      await skipSeriesDate(series._id, date);
      notify.success(
        i18n._('series.skip.doneTitle', { date: seriesDateText(i18n, date) }),
        series.standingPickup ? i18n._('series.skip.doneToldCharity', { charity: series.standingPickup.charityName }) : i18n._('series.skip.done'),
      );
    }, i18n._('series.skip.failed'));
  }

  return (
    <FormDialog
      {...dialog}
      title={i18n._('series.skip.title', { title: series.title })}
      description={i18n._('series.skip.description')}
      onSubmit={submit}
      submitLabel={submitting ? i18n._('series.skip.submitting') : i18n._('series.skip.submit')}
    >
      <Field id="series-skip-date" label={i18n._('series.skip.date')}>
        <NativeSelect id="series-skip-date" value={date} onChange={(e) => setDate(e.target.value)}>
          {series.nextDates.map((d) => (
            <option key={d} value={d}>
              {seriesDateText(i18n, d)}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </FormDialog>
  );
}
