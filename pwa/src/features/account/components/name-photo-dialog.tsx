import { useState, type FormEvent } from 'react';
import { ProfileUpdateSchema } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { ImageUpload } from '@/components/image-upload';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useSession } from '@/lib/auth/session-store';
import { firstErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage } from '@/lib/notify';
import { updateNameAndPhoto } from '../api';
import { DialogProblem } from './dialog-problem';

/** The account's name and picture (PATCH /users/me); the picture goes up through the app's image upload first. */
export function NamePhotoDialog({ onDone }: { onDone: (said: string) => void }) {
  const i18n = useI18n();
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [photoURL, setPhotoURL] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();

  function openChange(next: boolean) {
    if (saving) return;
    if (next) {
      setName(user?.name ?? '');
      setPhotoURL(user?.photoURL);
      setErrors({});
      setProblem(undefined);
    }
    setOpen(next);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ProfileUpdateSchema.safeParse({ name, ...(photoURL && photoURL !== user?.photoURL ? { photoURL } : {}) });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      await updateNameAndPhoto(parsed.data);
      setOpen(false);
      onDone(i18n._('account.namePhoto.saved'));
    } catch (err) {
      setProblem(errorMessage(err, i18n._('account.namePhoto.failed')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={<Button variant="outline">{i18n._('account.namePhoto.open')}</Button>}
      title={i18n._('account.namePhoto.title')}
      description={i18n._('account.namePhoto.intro')}
      onSubmit={save}
      submitLabel={uploading ? i18n._('account.namePhoto.uploading') : saving ? i18n._('account.saving') : i18n._('account.save')}
      submitDisabled={uploading || saving}
      cancelDisabled={saving}
    >
      <Field id="account-name" label={i18n._('account.namePhoto.name')} error={errors.name}>
        <Input
          id="account-name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors({});
          }}
          autoComplete="name"
          maxLength={120}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'account-name-error' : undefined}
        />
      </Field>
      <ImageUpload id="account-photo" label={i18n._('account.namePhoto.photo')} value={photoURL} onChange={setPhotoURL} onUploadingChange={setUploading} error={errors.photoURL} />
      <DialogProblem message={problem} />
    </FormDialog>
  );
}
