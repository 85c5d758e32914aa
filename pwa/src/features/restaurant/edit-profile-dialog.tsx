import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import type { Organisation } from '@foodbridge/shared/schemas/organisation';
import { OrganisationProfileUpdateSchema } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { ImageUpload } from '@/components/image-upload';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { updateMyOrganisation } from '@/lib/my-organisation';
import { firstErrors, withoutField } from '@/lib/form-errors';
import { coordinatesOf, PickupPointFields, pointText, type PointText } from './pickup-point-fields';
import { AddressSearch } from './address-search';

/**
 * The body of PATCH /organisations/mine from the dialog's boxes. Empty coordinate boxes remove the pickup point (both null);
 * the shared rule checks ranges and "both or neither", the same rule the server parses the body with.
 */
export function profileBody(f: { name: string; address: string; phone: string; photoURL?: string | undefined; point: PointText }) {
  const { latitude, longitude } = coordinatesOf(f.point);
  const place = latitude === undefined && longitude === undefined ? { latitude: null, longitude: null } : { latitude, longitude };
  return OrganisationProfileUpdateSchema.safeParse({ name: f.name, address: f.address, phone: f.phone, ...(f.photoURL ? { photoURL: f.photoURL } : {}), ...place });
}

/**
 * Lets the restaurant's managers fill in what its profile shows as 'Not Provided' (PATCH /organisations/mine): its
 * name, picture, address, phone and pickup point.
 */
export function EditProfileDialog({ profile: user, onSaved }: { profile: Organisation; onSaved: (organisation: Organisation) => void }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(user.name);
  const [address, setAddress] = useState(user.address ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [photoURL, setPhotoURL] = useState(user.photoURL);
  const [point, setPoint] = useState<PointText>(() => pointText(user));
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function reset(next: boolean) {
    if (next) {
      setName(user.name);
      setAddress(user.address ?? '');
      setPhone(user.phone ?? '');
      setPhotoURL(user.photoURL);
      setPoint(pointText(user));
      setErrors({});
    }
    setOpen(next);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = profileBody({ name, address, phone, photoURL, point });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateMyOrganisation(parsed.data);
      onSaved(saved);
      // The navbar's picture and name come from the session: the founder's account is the restaurant's profile.
      useSession.setState((s) => (s.user?.id === saved._id ? { user: { ...s.user, name: saved.name, photoURL: saved.photoURL } } : {}));
      notify.success(i18n._('restaurant.editProfile.savedTitle'), i18n._('restaurant.editProfile.saved'));
      setOpen(false);
    } catch (err) {
      notify.error(i18n._('restaurant.editProfile.errorTitle'), errorMessage(err, i18n._('restaurant.editProfile.failed')));
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
          <Pencil /> {i18n._('restaurant.editProfile.open')}
        </Button>
      }
      title={i18n._('restaurant.editProfile.title')}
      description={i18n._('restaurant.editProfile.intro')}
      onSubmit={save}
      submitLabel={uploading ? i18n._('restaurant.editProfile.uploading') : saving ? i18n._('restaurant.editProfile.saving') : i18n._('restaurant.editProfile.save')}
      submitDisabled={uploading || saving}
    >
      <ImageUpload id="profile-photo" label={i18n._('restaurant.editProfile.photo')} value={photoURL} onChange={setPhotoURL} onUploadingChange={setUploading} />
      <Field id="profile-name" label={i18n._('restaurant.editProfile.name')} error={errors.name}>
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
      <Field id="profile-address" label={i18n._('restaurant.editProfile.address')} error={errors.address}>
        <Input id="profile-address" value={address} onChange={(e) => setAddress(e.target.value)} autoComplete="street-address" maxLength={300} />
      </Field>
      <Field id="profile-phone" label={i18n._('restaurant.editProfile.phone')} error={errors.phone}>
        <Input id="profile-phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" maxLength={40} />
      </Field>
      <fieldset className="flex flex-col gap-2 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-semibold text-stone-700">{i18n._('restaurant.editProfile.point')}</legend>
        <p className="text-xs text-muted-foreground">{i18n._('restaurant.editProfile.pointHint')}</p>
        <AddressSearch
          idPrefix="profile"
          onPick={(place) => {
            setAddress(place.label.slice(0, 300));
            setPoint(pointText(place));
            setErrors((errs) => withoutField(withoutField(withoutField(errs, 'address'), 'latitude'), 'longitude'));
          }}
        />
        <PickupPointFields
          idPrefix="profile"
          value={point}
          errors={errors}
          onChange={(next, edited) => {
            setPoint(next);
            setErrors((errs) => (edited === 'both' ? withoutField(withoutField(errs, 'latitude'), 'longitude') : withoutField(errs, edited)));
          }}
        />
      </fieldset>
    </FormDialog>
  );
}
