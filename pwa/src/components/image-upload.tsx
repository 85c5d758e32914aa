import { useEffect, useRef, useState } from 'react';
import { ImagePlus } from 'lucide-react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@foodbridge/shared/constants';
import { imageUrl } from '@/lib/api-client';
import { uploadImage } from '@/lib/api-files';
import { Label } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';

/**
 * A picture chosen from the device, uploaded at once to our server (POST /images) with its progress, then
 * previewed. The parent owns the resulting URL: setting `value` back to undefined clears the preview and the input.
 * A failed upload is told once, under the picker, where the visitor is looking; `invalid` marks the picker when the
 * parent tells its problem elsewhere (the donation form's 'Image missing' toast).
 */
export function ImageUpload({
  id,
  label,
  value,
  onChange,
  onUploadingChange,
  error,
  invalid = false,
  hint,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (url: string | undefined) => void;
  onUploadingChange?: (uploading: boolean) => void;
  error?: string | undefined;
  invalid?: boolean;
  hint?: string;
}) {
  const i18n = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();

  // The local preview is an object URL: released when replaced or unmounted.
  useEffect(() => {
    return () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    };
  }, [localPreview]);

  // Parent cleared the value (form reset): forget the chosen file too.
  useEffect(() => {
    if (value === undefined && progress === null) {
      setLocalPreview(undefined);
      if (input.current) input.current.value = '';
    }
  }, [value, progress]);

  const setUploading = (on: boolean) => onUploadingChange?.(on);

  async function choose(file: File | undefined) {
    setFailure(undefined);
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      return reject(i18n._('image.wrongType'));
    }
    if (file.size > IMAGE_MAX_BYTES) return reject(i18n._('image.tooLarge'));
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    setUploading(true);
    try {
      const res = await uploadImage(file, setProgress);
      onChange(res.data.url);
    } catch (err) {
      onChange(undefined);
      setLocalPreview(undefined);
      if (input.current) input.current.value = '';
      setFailure(err instanceof Error && err.message ? err.message : i18n._('image.uploadFailed'));
    } finally {
      setProgress(null);
      setUploading(false);
    }
  }

  function reject(message: string) {
    setFailure(message);
    if (input.current) input.current.value = '';
  }

  const preview = localPreview ?? imageUrl(value, 640);
  const shownError = failure ?? error;
  const describedBy = [`${id}-hint`, shownError ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div
        className={`flex flex-col gap-3 rounded-lg border border-dashed bg-stone-50 p-3 sm:flex-row sm:items-center ${shownError || invalid ? 'border-destructive' : 'border-stone-300'}`}
      >
        <div className="relative flex aspect-[16/10] w-full sm:aspect-[4/3] shrink-0 items-center justify-center overflow-hidden rounded-md bg-white sm:w-40">
          {preview ? (
            <img src={preview} alt={i18n._('image.preview')} width={160} height={120} className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-10 text-stone-400" aria-hidden />
          )}
          {progress !== null && <div className="absolute inset-0 bg-white/50" aria-hidden />}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            disabled={progress !== null}
            aria-invalid={shownError || invalid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => void choose(e.target.files?.[0])}
            className="block w-full text-sm text-stone-700 file:me-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-800 file:px-4 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-900 disabled:opacity-60 sm:file:min-h-10"
          />
          {progress !== null && (
            <div className="flex items-center gap-2">
              <div
                role="progressbar"
                aria-label={i18n._('image.uploading')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200"
              >
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
              <span className="w-10 text-end text-xs tabular-nums text-muted-foreground">{i18n.number(progress, { style: 'percent' })}</span>
            </div>
          )}
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {progress !== null ? i18n._('image.uploadingHint') : value ? i18n._('image.uploaded') : (hint ?? i18n._('image.hint'))}
          </p>
        </div>
      </div>
      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {shownError}
        </p>
      )}
    </div>
  );
}
