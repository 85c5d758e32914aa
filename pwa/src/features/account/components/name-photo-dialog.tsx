import { useState } from 'react';
import { ProfileUpdateSchema } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { ImageUpload } from '@/components/image-upload';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage } from '@/lib/notify';
import { updateNameAndPhoto } from '../api';
import { useDialogForm } from '../use-dialog-form';
import { DialogProblem } from './dialog-problem';

/** The account's name and picture (PATCH /users/me); the picture goes up through the app's image upload first. */
export function NamePhotoDialog({ onDone }: { onDone: (said: string) => void }) {
  const i18n = useI18n();
  const user = useSession((s) => s.user);
  const [uploading, setUploading] = useState(false);
  const form = useDialogForm({
    initial: () => ({ name: user?.name ?? '', photoURL: user?.photoURL }),
    // The picture is sent only when it changed: the one the account has may be one the server no longer takes.
    parse: ({ name, photoURL }) => ProfileUpdateSchema.safeParse({ name, ...(photoURL && photoURL !== user?.photoURL ? { photoURL } : {}) }),
    submit: async (body) => void (await updateNameAndPhoto(body)),
    refusal: (err) => ({ message: errorMessage(err, i18n._('account.namePhoto.failed')) }),
    onSaved: () => onDone(i18n._('account.namePhoto.saved')),
  });

  return (
    <FormDialog
      open={form.open}
      onOpenChange={form.openChange}
      trigger={<Button variant="outline">{i18n._('account.namePhoto.open')}</Button>}
      title={i18n._('account.namePhoto.title')}
      description={i18n._('account.namePhoto.intro')}
      onSubmit={form.onSubmit}
      submitLabel={uploading ? i18n._('account.namePhoto.uploading') : form.saving ? i18n._('account.saving') : i18n._('account.save')}
      submitDisabled={uploading || form.saving}
      cancelDisabled={form.saving}
    >
      <Field id="account-name" label={i18n._('account.namePhoto.name')} error={form.errors.name}>
        <Input
          {...form.described('account-name', 'name')}
          value={form.values.name}
          onChange={(e) => form.set('name', e.target.value)}
          autoComplete="name"
          maxLength={120}
        />
      </Field>
      <ImageUpload
        id="account-photo"
        label={i18n._('account.namePhoto.photo')}
        value={form.values.photoURL}
        onChange={(url) => form.set('photoURL', url)}
        onUploadingChange={setUploading}
        error={form.errors.photoURL}
      />
      <DialogProblem message={form.problem} />
    </FormDialog>
  );
}
