import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { BellRing, LocateFixed } from 'lucide-react';
import { NEW_CHARITY_ALERT_RADIUS_KM } from '@foodbridge/shared/schemas/charity-preferences';
import { Button, buttonVariants } from '@/components/ui/button';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { useLocate } from '@/lib/use-locate';
import { cn } from '@/lib/utils';
import { alertsSummary, draftOf, inputOf, saveCharityPreferences, useCharityPreferences } from '../charity-preferences';

const DISMISSED_KEY = 'foodbridge.alertsPrompt.dismissed';

const dismissedBy = (userId: string | undefined) => {
  try {
    return Boolean(userId) && localStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
};

/**
 * A charity with no home base hears of no new food (issue 50): its dashboard asks once, with one tap that takes the
 * device's position as the home base and turns alerts on within NEW_CHARITY_ALERT_RADIUS_KM. (A charity whose
 * profile had a place got both when the role was granted.) The profile is where it is changed or turned off; "Not
 * now" hides this on this device.
 */
export function AlertsPrompt() {
  const i18n = useI18n();
  const { user, role } = useSession();
  const charity = role === 'charity';
  const { data, setData } = useCharityPreferences(charity);
  const [dismissed, setDismissed] = useState(() => dismissedBy(user?.id));
  const [saving, setSaving] = useState(false);
  const id = useId();
  const { locating, locate } = useLocate((home) => void turnOn(home));

  async function turnOn(home: { lat: number; lng: number }) {
    setSaving(true);
    try {
      const draft = { ...draftOf(data), home, radius: String(NEW_CHARITY_ALERT_RADIUS_KM) };
      setData(await saveCharityPreferences(inputOf(draft)));
      notify.success(i18n._('charity.alertsPrompt.done'), alertsSummary(i18n, draft));
    } catch (err) {
      notify.error(i18n._('charity.homeBase.saveFailed'), errorMessage(err, i18n._('charity.tryAgain')));
    } finally {
      setSaving(false);
    }
  }

  if (!charity || !data || data.homeLatitude !== null || dismissed) return null;
  const busy = saving || locating === 'asking';
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-5">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <BellRing aria-hidden className="size-5" /> {i18n._('charity.alertsPrompt.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{i18n._('charity.alertsPrompt.text', { km: NEW_CHARITY_ALERT_RADIUS_KM })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="button" onClick={locate} disabled={busy} className="h-auto whitespace-normal py-2 text-start">
          <LocateFixed aria-hidden /> {busy ? i18n._('charity.alertsPrompt.working') : i18n._('charity.alertsPrompt.locate')}
        </Button>
        <Link to="/dashBoard/charityProfile" className={cn(buttonVariants({ variant: 'outline' }), 'h-auto whitespace-normal py-2 text-start')}>
          {i18n._('charity.alertsPrompt.address')}
        </Link>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            try {
              if (user) localStorage.setItem(DISMISSED_KEY, user.id);
            } catch {
              // Storage blocked: hidden for this visit only.
            }
            setDismissed(true);
          }}
        >
          {i18n._('charity.alertsPrompt.notNow')}
        </Button>
      </div>
      {(locating === 'refused' || locating === 'unavailable') && (
        <p role="status" className="mt-2 text-sm text-amber-800">
          {locating === 'refused' ? i18n._('charity.homeBase.refused') : i18n._('charity.homeBase.unavailable')}
        </p>
      )}
    </section>
  );
}
