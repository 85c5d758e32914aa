import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import type { User } from '@foodbridge/shared/schemas/user';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { updateCharityProfile } from '../api';

export function EditCharityProfileDialog({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form, setForm] = useState({ mission: '', address: '', phone: '' });

  function openChange(next: boolean) {
    if (next) setForm({ mission: user.mission ?? '', address: user.address ?? '', phone: user.phone ?? '' });
    setOpen(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const res = await updateCharityProfile({ mission: form.mission.trim(), address: form.address.trim(), phone: form.phone.trim() });
      onSaved(res.user);
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
      submitDisabled={saving}
    >
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
