import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import type { Organisation } from '@foodbridge/shared/schemas/organisation';
import { OrganisationProfileUpdateSchema } from '@foodbridge/shared/schemas/user';
import { errorAria } from '@/components/field-aria';
import { FormDialog } from '@/components/form-dialog';
import { ImageUpload } from '@/components/image-upload';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { useSession } from '@/lib/auth/session-store';
import { firstErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { updateMyOrganisation } from '@/lib/my-organisation';
import { errorMessage, notify } from '@/lib/notify';

/** The charity's coordinators change its name, picture, mission, address and phone (PATCH /organisations/mine). */
export function EditCharityProfileDialog({ profile, onSaved }: { profile: Organisation; onSaved: (organisation: Organisation) => void }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [form, setForm] = useState({ name: '', mission: '', address: '', phone: '' });
  const [photoURL, setPhotoURL] = useState<string | undefined>(undefined);

  function openChange(next: boolean) {
    if (next) {
      setForm({ name: profile.name, mission: profile.mission ?? '', address: profile.address ?? '', phone: profile.phone ?? '' });
      setPhotoURL(profile.photoURL);
      setErrors({});
    }
    setOpen(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = OrganisationProfileUpdateSchema.safeParse({ ...form, ...(photoURL ? { photoURL } : {}) });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateMyOrganisation(parsed.data);
      onSaved(saved);
      // The navbar's picture and name come from the session: the founder's account is the charity's profile.
      useSession.setState((s) => (s.user?.id === saved._id ? { user: { ...s.user, name: saved.name, photoURL: saved.photoURL } } : {}));
      notify.success(i18n._('charity.saved'), i18n._('charity.profile.updated'));
      setOpen(false);
    } catch (err) {
      notify.error(i18n._('charity.profile.updateFailed'), errorMessage(err, i18n._('charity.tryAgain')));
    } finally {
      setSaving(false);
    }
  }

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={
        <Button variant="outline">
          <Pencil aria-hidden /> {i18n._('charity.profile.edit')}
        </Button>
      }
      title={i18n._('charity.profile.edit')}
      description={i18n._('charity.profile.editDescription')}
      onSubmit={submit}
      submitLabel={saving ? i18n._('charity.profile.saving') : i18n._('charity.profile.saveChanges')}
      submitDisabled={saving || uploading}
    >
      <ImageUpload id="profile-photo" label={i18n._('charity.profile.photo')} value={photoURL} onChange={setPhotoURL} onUploadingChange={setUploading} />
      <Field id="profile-name" label={i18n._('charity.profile.name')} error={errors.name}>
        <Input id="profile-name" value={form.name} onChange={set('name')} maxLength={120} autoComplete="organization" {...errorAria('profile-name', errors.name)} />
      </Field>
      <Field id="profile-mission" label={i18n._('charity.profile.mission')}>
        <Textarea id="profile-mission" value={form.mission} onChange={set('mission')} maxLength={2000} rows={4} />
      </Field>
      <Field id="profile-address" label={i18n._('charity.profile.address')}>
        <Input id="profile-address" value={form.address} onChange={set('address')} maxLength={300} autoComplete="street-address" />
      </Field>
      <Field id="profile-phone" label={i18n._('charity.profile.phone')}>
        <Input id="profile-phone" type="tel" value={form.phone} onChange={set('phone')} maxLength={40} autoComplete="tel" />
      </Field>
    </FormDialog>
  );
}
