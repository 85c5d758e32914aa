import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import { ProfileUpdateSchema, type User } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { ImageUpload } from '@/components/image-upload';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useSession } from '@/lib/auth/session-store';
import { errorMessage, notify } from '@/lib/notify';
import { updateProfile } from './api';
import { firstErrors } from '@/lib/form-errors';

/** Lets the restaurant fill in what its profile shows as 'Not Provided' (PATCH /users/me). */
export function EditProfileDialog({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(user.name);
  const [address, setAddress] = useState(user.address ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [photoURL, setPhotoURL] = useState(user.photoURL);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function reset(next: boolean) {
    if (next) {
      setName(user.name);
      setAddress(user.address ?? '');
      setPhone(user.phone ?? '');
      setPhotoURL(user.photoURL);
      setErrors({});
    }
    setOpen(next);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ProfileUpdateSchema.safeParse({ name, address, phone, ...(photoURL ? { photoURL } : {}) });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const res = await updateProfile(parsed.data);
      onSaved(res.user);
      // The navbar's picture and name come from the session.
      useSession.setState((s) => (s.user ? { user: { ...s.user, name: res.user.name, photoURL: res.user.photoURL } } : {}));
      notify.success('Saved!', 'Your profile has been updated.');
      setOpen(false);
    } catch (err) {
      notify.error('Error', errorMessage(err, 'Failed to update profile.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={reset}
      trigger={
        <Button variant="outline">
          <Pencil /> Edit profile
        </Button>
      }
      title="Edit profile"
      description="Charities see these details when they collect from you."
      onSubmit={save}
      submitLabel={uploading ? 'Uploading Image...' : saving ? 'Saving...' : 'Save'}
      submitDisabled={uploading || saving}
    >
      <ImageUpload id="profile-photo" label="Photo" value={photoURL} onChange={setPhotoURL} onUploadingChange={setUploading} />
      <Field id="profile-name" label="Restaurant name" error={errors.name}>
        <Input
          id="profile-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="organization"
          maxLength={120}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'profile-name-error' : undefined}
        />
      </Field>
      <Field id="profile-address" label="Address" error={errors.address}>
        <Input id="profile-address" value={address} onChange={(e) => setAddress(e.target.value)} autoComplete="street-address" maxLength={300} />
      </Field>
      <Field id="profile-phone" label="Contact number" error={errors.phone}>
        <Input id="profile-phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" maxLength={40} />
      </Field>
    </FormDialog>
  );
}
