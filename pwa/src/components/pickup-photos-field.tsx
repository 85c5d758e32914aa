import { useEffect, useRef, useState } from 'react';
import { Camera, X } from 'lucide-react';
import { PICKUP_PHOTOS_MAX } from '@foodbridge/shared/constants';
import { buttonVariants } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';
import { PhotoUnreadable, resizePhoto, type ResizedPhoto } from '@/lib/photos/resize';
import { cn } from '@/lib/utils';

/**
 * 'Add photos' in the pickup report: the camera on a phone (`capture`), the files elsewhere; each photo is made small
 * here at once (lib/photos/resize), shown as a thumbnail with its Remove button, and handed to the parent, which sends
 * them with the confirmation. At most PICKUP_PHOTOS_MAX. `onPreparingChange` says while a photo is being resized.
 */
export function PickupPhotosField({
  id,
  photos,
  onChange,
  onPreparingChange,
  disabled,
}: {
  id: string;
  photos: readonly ResizedPhoto[];
  onChange: (photos: ResizedPhoto[]) => void;
  onPreparingChange?: (preparing: boolean) => void;
  disabled?: boolean;
}) {
  const i18n = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const urls = useThumbnails(photos);
  const room = PICKUP_PHOTOS_MAX - photos.length;
  const hintId = `${id}-hint`;

  async function choose(files: File[]) {
    if (input.current) input.current.value = '';
    if (!files.length) return;
    setProblem(undefined);
    setPreparing(true);
    onPreparingChange?.(true);
    const added: ResizedPhoto[] = [];
    let failure: string | undefined = files.length > room ? i18n._('pickupPhotos.tooMany', { max: PICKUP_PHOTOS_MAX }) : undefined;
    // One at a time: a phone decoding four 12-megapixel photos at once may run out of memory.
    for (const file of files.slice(0, Math.max(0, room))) {
      try {
        added.push(await resizePhoto(file));
      } catch (err) {
        failure = err instanceof PhotoUnreadable && err.reason === 'too-large' ? i18n._('pickupPhotos.tooLarge') : i18n._('pickupPhotos.unreadable');
      }
    }
    setPreparing(false);
    onPreparingChange?.(false);
    setProblem(failure);
    if (added.length) onChange([...photos, ...added]);
  }

  function remove(index: number) {
    onChange(photos.filter((_, i) => i !== index));
    setProblem(undefined);
    // The keyboard stays in the list: on the photo now in its place, the one before, or Add photos once none is left.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
      const next = buttons?.[Math.min(index, (buttons?.length ?? 0) - 1)];
      (next ?? input.current)?.focus();
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <label
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'w-full cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring has-disabled:cursor-not-allowed has-disabled:opacity-60 sm:w-auto sm:self-start',
        )}
      >
        <Camera aria-hidden /> {i18n._('pickupPhotos.add')}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="sr-only"
          disabled={disabled || preparing || room <= 0}
          aria-describedby={problem ? `${hintId} ${id}-error` : hintId}
          onChange={(e) => void choose(Array.from(e.target.files ?? []))}
        />
      </label>
      {/* Read out as it changes: a photo added (or being prepared) is heard, not only seen. */}
      <p id={hintId} aria-live="polite" className="text-xs text-muted-foreground">
        {preparing
          ? i18n._('pickupPhotos.preparing')
          : photos.length
            ? i18n._('pickupPhotos.count', { count: photos.length, max: PICKUP_PHOTOS_MAX })
            : i18n._('pickupPhotos.hint', { max: PICKUP_PHOTOS_MAX })}
      </p>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      {photos.length > 0 && (
        <ul ref={list} aria-label={i18n._('pickupPhotos.chosen')} className="grid grid-cols-4 gap-2">
          {photos.map((photo, i) => (
            <li key={keyOf(photo.blob)} className="relative aspect-square overflow-hidden rounded-md border border-border bg-stone-100">
              {urls.get(photo.blob) && <img src={urls.get(photo.blob)} alt={i18n._('pickupPhotos.thumbnail', { n: i + 1 })} className="size-full object-cover" width={photo.width} height={photo.height} />}
              <button
                type="button"
                onClick={() => remove(i)}
                disabled={disabled}
                aria-label={i18n._('pickupPhotos.remove', { n: i + 1 })}
                className="absolute end-0.5 top-0.5 inline-flex size-8 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

let counted = 0;
const keys = new WeakMap<Blob, number>();
/** A key per photo that stays while it is listed (its index changes when one before it is removed). */
function keyOf(blob: Blob): number {
  let key = keys.get(blob);
  if (key === undefined) keys.set(blob, (key = ++counted));
  return key;
}

/** An object URL per photo for its thumbnail, released when the list changes or the field goes. */
function useThumbnails(photos: readonly ResizedPhoto[]): ReadonlyMap<Blob, string> {
  const [urls, setUrls] = useState<ReadonlyMap<Blob, string>>(() => new Map());
  useEffect(() => {
    const made = new Map(photos.map((p) => [p.blob, URL.createObjectURL(p.blob)] as const));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [photos]);
  return urls;
}
