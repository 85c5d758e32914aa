import { AlertTriangle, ImageUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { dismissPhotoRefusal, usePhotoRefusals, usePhotosWaiting } from '@/lib/db/photo-outbox';
import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';

/** '2 photos waiting to upload' on a pickup while its photos are still on this device; nothing otherwise. */
export function PhotosWaiting({ donationId, className }: { donationId: string; className?: string }) {
  const i18n = useI18n();
  const count = usePhotosWaiting(donationId);
  if (!count) return null;
  return (
    <p data-testid="photos-waiting" className={cn('flex min-h-9 items-center justify-center gap-2 text-sm font-medium text-amber-900', className)}>
      <ImageUp className="size-4" aria-hidden /> {i18n._('pickupPhotos.waiting', { count })}
    </p>
  );
}

/**
 * Photos the server refused (the pickup went to someone else, too many photos, not a picture it accepts): kept in
 * view with the server's reason until the driver dismisses them, as refused confirmations are. All of this device's,
 * or one donation's.
 */
export function PhotoRefusals({ donationId, className }: { donationId?: string; className?: string }) {
  const i18n = useI18n();
  const refused = usePhotoRefusals(donationId);
  if (!refused.length) return null;
  return (
    <ul className={cn('flex flex-col gap-3', className)} aria-label={i18n._('pickupPhotos.refusedList')}>
      {refused.map((entry) => (
        <li key={entry.id}>
          <div
            role="alert"
            data-testid="photo-refusal"
            className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center"
          >
            <AlertTriangle aria-hidden className="size-5 shrink-0 text-destructive" />
            <div className="min-w-0 flex-1 text-sm text-red-900">
              <p className="font-semibold">{i18n._('pickupPhotos.refused')}</p>
              {entry.title && <p className="break-words">{entry.title}</p>}
              <p className="break-words">{entry.refusal}</p>
            </div>
            <Button variant="outline" onClick={() => void dismissPhotoRefusal(entry.id)} className="shrink-0">
              {i18n._('common.dismiss')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
