import { useId, useState } from 'react';
import { Camera, ChevronDown } from 'lucide-react';
import type { PickupPhoto } from '@foodbridge/shared/schemas/pickup-photo';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { ApiError, apiPath } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { useApi, type ApiState } from '@/lib/use-api';

const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
/** Drawn at about 160 px: twice that for a phone's dense screen (the server keeps widths of IMAGE_WIDTHS). */
const THUMBNAIL_WIDTH = 320;

/** A pickup's photos (GET /donations/{donationId}/pickup-photos): the restaurant's, the charity's and the admins' to see. */
export function usePickupPhotos(donationId: string | null): ApiState<PickupPhoto[]> {
  return useApi(donationId ? apiPath('GET /donations/{donationId}/pickup-photos', { params: { donationId } }) : null);
}

/** A photo's signed address, at `width` (the width is not part of the signature, as for /images/{id}?w=). */
export function photoAt(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** Not the viewer's to see (403), or no pickup to have photos (404): the place says nothing rather than fail. */
const notShown = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);

/**
 * 'Pickup photos' on a donation's page: what the driver photographed at the pickup, for the restaurant, the charity
 * and the admins. Nothing for anyone else (the server refuses them) or while the donation has no pickup.
 */
export function PickupPhotosSection({ donationId }: { donationId: string }) {
  const i18n = useI18n();
  const photos = usePickupPhotos(donationId);
  const titleId = useId();
  if (notShown(photos.error)) return null;
  return (
    <section aria-labelledby={titleId} className="mt-10 flex max-w-3xl flex-col gap-3">
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-bold text-stone-900">
        <Camera aria-hidden className="size-5" /> {i18n._('pickupPhotos.title')}
      </h2>
      <PickupPhotoList photos={photos} />
    </section>
  );
}

/** A history entry's photo ('Show photo'): asked for only when opened, as the history itself is read online. */
export function PickupPhotoDisclosure({ donationId, photoId }: { donationId: string; photoId: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <Button variant="link" className="gap-1 text-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {open ? i18n._('pickupPhotos.hide') : i18n._('pickupPhotos.show')}
        <ChevronDown aria-hidden className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </Button>
      <div id={panelId} hidden={!open} className="mt-2">
        {open && <DisclosedPhoto donationId={donationId} photoId={photoId} />}
      </div>
    </div>
  );
}

function DisclosedPhoto({ donationId, photoId }: { donationId: string; photoId: string }) {
  const photos = usePickupPhotos(donationId);
  return <PickupPhotoList photos={photos} only={photoId} />;
}

/** The photos as thumbnails (each opens full size), with their loading, empty and error states. */
function PickupPhotoList({ photos, only }: { photos: ApiState<PickupPhoto[]>; only?: string }) {
  const i18n = useI18n();
  const [shown, setShown] = useState<number | null>(null);
  const { data, error, loading, reload } = photos;
  if (loading && !data) {
    return (
      <div role="status" aria-busy="true" aria-label={i18n._('pickupPhotos.loading')} className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-square w-full" />
        ))}
      </div>
    );
  }
  if (error && !data) {
    if (notShown(error)) return <p className="text-sm text-muted-foreground">{i18n._('pickupPhotos.gone')}</p>;
    return <ErrorState message={i18n._('pickupPhotos.failed')} onRetry={reload} error={error} />;
  }
  const list = (data ?? []).filter((p) => only === undefined || p.id === only);
  if (!list.length) return <p className="text-muted-foreground">{only === undefined ? i18n._('pickupPhotos.empty') : i18n._('pickupPhotos.gone')}</p>;
  const current = shown === null ? undefined : list[shown];
  const caption = (photo: PickupPhoto) => {
    const time = i18n.date(new Date(photo.createdAt), WHEN);
    return photo.takenBy ? i18n._('pickupPhotos.takenBy', { name: photo.takenBy, time }) : time;
  };
  return (
    <>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {list.map((photo, i) => (
          <li key={photo.id} className="flex flex-col gap-1">
            <button
              type="button"
              onClick={() => setShown(i)}
              aria-label={i18n._('pickupPhotos.open', { n: i + 1, count: list.length })}
              className="aspect-square overflow-hidden rounded-md border border-border bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <img src={photoAt(photo.url, THUMBNAIL_WIDTH)} alt="" loading="lazy" width={160} height={160} className="size-full object-cover" />
            </button>
            <span className="text-xs text-muted-foreground">{caption(photo)}</span>
          </li>
        ))}
      </ul>
      <Dialog open={current !== undefined} onOpenChange={(open) => !open && setShown(null)}>
        {current && (
          <DialogContent className="max-w-4xl">
            <DialogHeader>
              <DialogTitle>{i18n._('pickupPhotos.full', { n: (shown ?? 0) + 1, count: list.length })}</DialogTitle>
              <DialogDescription>{caption(current)}</DialogDescription>
            </DialogHeader>
            <img
              src={current.url}
              alt={i18n._('pickupPhotos.full', { n: (shown ?? 0) + 1, count: list.length })}
              width={current.width}
              height={current.height}
              className="h-auto max-h-[70dvh] w-full rounded-md object-contain"
            />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
