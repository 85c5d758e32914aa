import { useId, useState } from 'react';
import { CalendarPlus, Copy } from 'lucide-react';
import { CALENDAR_PAST_DAYS } from '@foodbridge/shared/schemas/calendar';
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage } from '@/lib/notify';
import { newCalendarFeed } from '../api';
import { feedContentsId, webcalUrl } from '../calendar-feed';
import { FormProblem } from './form-problem';

/**
 * 'Calendar feed' (issue 47.5): the member's own secret address of the pickups agreed, for a calendar app to subscribe
 * to. The server keeps only its hash, so the address is shown once, when made; getting a new one stops the old one,
 * which the section says before the button.
 */
export function CalendarFeedSection({ role }: { role: MemberRole }) {
  const i18n = useI18n();
  const id = useId();
  const [url, setUrl] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState('');

  async function getAddress() {
    setBusy(true);
    setProblem(undefined);
    setSaid('');
    try {
      setUrl((await newCalendarFeed()).url);
      setSaid(i18n._('team.calendar.made'));
    } catch (err) {
      setProblem(`${i18n._('team.calendar.failed')} ${errorMessage(err, i18n._('common.tryAgainLater'))}`);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setSaid(i18n._('team.calendar.copied'));
    } catch {
      // No clipboard here (an older browser, a page not served over HTTPS): the address is selected to copy by hand.
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      setSaid(i18n._('team.calendar.copyFailed'));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-white p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-stone-900">
        <CalendarPlus aria-hidden className="size-4" /> {i18n._('team.calendar.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{i18n._(feedContentsId(role), { days: CALENDAR_PAST_DAYS })}</p>
      <p className="mb-3 mt-2 text-sm text-stone-700">{i18n._('team.calendar.private')}</p>
      <Button type="button" variant={url ? 'outline' : 'default'} disabled={busy} onClick={() => void getAddress()}>
        {busy ? i18n._('team.calendar.busy') : url ? i18n._('team.calendar.getNew') : i18n._('team.calendar.get')}
      </Button>
      {url && (
        <div className="mt-4 flex flex-col gap-1.5">
          <Label htmlFor={`${id}-url`}>{i18n._('team.calendar.address')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            {/* Left to right whatever the page's direction: it is an address. */}
            <Input id={`${id}-url`} readOnly dir="ltr" value={url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1 font-mono text-xs sm:text-xs" />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden /> {i18n._('team.calendar.copy')}
            </Button>
          </div>
          <a
            href={webcalUrl(url)}
            className="inline-flex min-h-11 items-center self-start font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-9"
          >
            {i18n._('team.calendar.subscribe')}
          </a>
        </div>
      )}
      <div className="mt-2" aria-live="polite">
        {said && <p className="text-sm text-stone-700">{said}</p>}
      </div>
      <div className="mt-2">
        <FormProblem message={problem} />
      </div>
    </section>
  );
}
