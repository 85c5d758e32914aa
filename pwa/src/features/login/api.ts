import { call } from '@/lib/api-client';

/** Stores the profile picture on the new account (used when the picture could only be uploaded after sign-up). */
export function saveProfilePhoto(photoURL: string) {
  return call('PATCH /users/me', { body: { photoURL } });
}
