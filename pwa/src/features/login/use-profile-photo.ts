import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@foodbridge/shared/constants';
import { ApiError, uploadImage } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';

export type ProfilePhoto =
  | { state: 'none' }
  | { state: 'uploading'; file: File; preview: string; progress: number }
  | { state: 'done'; file: File; preview: string; url: string }
  /** The server takes uploads from signed-in accounts only: the picture goes up right after sign-up. */
  | { state: 'deferred'; file: File; preview: string }
  | { state: 'failed'; file: File; preview: string; message: string };

const TOO_LARGE = `The picture is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`;
const WRONG_TYPE = 'Please choose a JPEG, PNG, WebP or GIF picture.';

/** The registration picture: checked, previewed and uploaded as soon as it is chosen, with its progress. */
export function useProfilePhoto() {
  const [photo, setPhoto] = useState<ProfilePhoto>({ state: 'none' });
  const [choiceError, setChoiceError] = useState<string | null>(null);
  // A newer choice wins over an upload still running for an older one.
  const ticket = useRef(0);
  const preview = useRef<string | null>(null);

  useEffect(() => () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
  }, []);

  const choose = useCallback((file: File | undefined) => {
    setChoiceError(null);
    const mine = ++ticket.current;
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
    if (!file) return setPhoto({ state: 'none' });
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setChoiceError(WRONG_TYPE);
      return setPhoto({ state: 'none' });
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setChoiceError(TOO_LARGE);
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
        setPhoto({ state: 'failed', file, preview: url, message: err instanceof Error ? err.message : 'Failed to upload image.' });
      });
  }, []);

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
      setPhoto({ state: 'failed', file, preview: url, message: err instanceof Error ? err.message : 'Failed to upload image.' });
      throw err;
    }
  }, [photo]);

  return { photo, choiceError, choose, uploadNow };
}
