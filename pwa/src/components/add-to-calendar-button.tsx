import { CalendarPlus } from 'lucide-react';
import { useI18n } from '@/lib/i18n/i18n';
import { hasCalendarPickup, pickupFileName, pickupIcs, saveCalendarFile, type CalendarDonation } from '@/lib/pickup-calendar';

/**
 * 'Add to calendar' on an agreed pickup with a window (issue 47.5): saves a one-event .ics made on the device, so it
 * works offline. Nothing for a pickup without a window, or one no longer waiting. Styled by the caller: a link-like
 * line among a pickup card's links, or an outline button among a donation card's actions.
 */
export function AddToCalendarButton({ donation, className }: { donation: CalendarDonation; className: string }) {
  const i18n = useI18n();
  if (!hasCalendarPickup(donation)) return null;
  const save = () => {
    const text = pickupIcs(i18n, donation, window.location.origin);
    if (text) saveCalendarFile(pickupFileName(donation.title), text);
  };
  return (
    <button type="button" className={className} onClick={save}>
      <CalendarPlus className="size-4 shrink-0" aria-hidden /> {i18n._('addToCalendar.button')}
      <span className="sr-only"> {donation.title}</span>
    </button>
  );
}
