import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@foodbridge/shared/constants';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '@/lib/api-files';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';

export type ProfilePhoto =
  | { state: 'none' }
  | { state: 'uploading'; file: File; preview: string; progress: number }
  | { state: 'done'; file: File; preview: string; url: string }
  /** The server takes uploads from signed-in accounts only: the picture goes up right after sign-up. */
  | { state: 'deferred'; file: File; preview: string }
  | { state: 'failed'; file: File; preview: string; message: string };

/** The largest picture, in the megabytes people are told. */
export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / 1024 / 1024;

// Kept as ids, so a message already on screen follows a change of language.
const TOO_LARGE = /*i18n*/ 'register.photo.tooLarge';
const WRONG_TYPE = /*i18n*/ 'register.photo.wrongType';

/** The registration picture: checked, previewed and uploaded as soon as it is chosen, with its progress. */
export function useProfilePhoto() {
  const i18n = useI18n();
  const [photo, setPhoto] = useState<ProfilePhoto>({ state: 'none' });
  const [choiceErrorId, setChoiceErrorId] = useState<string | null>(null);
  // A newer choice wins over an upload still running for an older one.
  const ticket = useRef(0);
  const preview = useRef<string | null>(null);

  useEffect(() => () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
  }, []);

  const choose = useCallback((file: File | undefined) => {
    setChoiceErrorId(null);
    const mine = ++ticket.current;
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
    if (!file) return setPhoto({ state: 'none' });
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setChoiceErrorId(WRONG_TYPE);
      return setPhoto({ state: 'none' });
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setChoiceErrorId(TOO_LARGE);
      return setPhoto({ state: 'none' });
    }
    const url = URL.createObjectURL(file);
    preview.current = url;
    // Signed out (the usual case here), the server would refuse the upload after the whole file had crossed a
    // weak connection: keep it for right after sign-up instead.
    if (!useSession.getState().user) return setPhoto({ state: 'deferred', file, preview: url });
    setPhoto({ state: 'uploading', file, preview: url, progress: 0 });
    uploadImage(file, (progress) => {
      if (mine === ticket.current) setPhoto({ state: 'uploading', file, preview: url, progress });
    })
      .then((res) => {
        if (mine === ticket.current) setPhoto({ state: 'done', file, preview: url, url: res.data.url });
      })
      .catch((err: unknown) => {
        if (mine !== ticket.current) return;
        if (err instanceof ApiError && err.status === 401) return setPhoto({ state: 'deferred', file, preview: url });
        setPhoto({ state: 'failed', file, preview: url, message: err instanceof Error ? err.message : i18n._('register.photo.uploadFailed') });
      });
  }, [i18n]);

  /** Uploads a deferred picture now that the account exists, reporting progress on the same bar. */
  const uploadNow = useCallback(async (): Promise<string> => {
    if (photo.state !== 'deferred') throw new Error('No picture is waiting to be uploaded.');
    const { file, preview: url } = photo;
    const mine = ++ticket.current;
    setPhoto({ state: 'uploading', file, preview: url, progress: 0 });
    try {
      const res = await uploadImage(file, (progress) => {
        if (mine === ticket.current) setPhoto({ state: 'uploading', file, preview: url, progress });
      });
      setPhoto({ state: 'done', file, preview: url, url: res.data.url });
      return res.data.url;
    } catch (err) {
      setPhoto({ state: 'failed', file, preview: url, message: err instanceof Error ? err.message : i18n._('register.photo.uploadFailed') });
      throw err;
    }
  }, [photo, i18n]);

  return { photo, choiceError: choiceErrorId && i18n._(choiceErrorId, { size: IMAGE_MAX_MB }), choose, uploadNow };
}
