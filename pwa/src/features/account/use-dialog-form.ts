// The state every account dialog keeps: its values, which field a problem is beside, the dialog's own problem, and
// whether it is saving; opened afresh each time, and kept open (and its values) while the change is on its way.
import { useState, type FormEvent } from 'react';
import type { IssueLike } from '@foodbridge/shared/errors';
import { firstErrors, withoutField } from '@/lib/form-errors';
import type { PlacedRefusal } from './refusals';

type Parsed<D> = { success: true; data: D } | { success: false; error: { issues: ReadonlyArray<IssueLike & { path: ReadonlyArray<PropertyKey> }> } };

export interface DialogFormOptions<V, D> {
  /** The values a freshly opened dialog shows (read when it opens: the signed-in name, say). */
  initial: () => V;
  /** The form's shared schema on the values: the body to send, or what is wrong with them. */
  parse: (values: V) => Parsed<D>;
  /** Sends it; throws the server's refusal. */
  submit: (data: D) => Promise<void>;
  /** Where a refusal is shown: beside a field, or in the dialog. */
  refusal: (err: unknown) => PlacedRefusal;
  /** After it went through: the dialog is closed (and forgets its values, passwords included). */
  onSaved: (data: D) => void;
}

export function useDialogForm<V extends Record<string, unknown>, D>(o: DialogFormOptions<V, D>) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<V>(o.initial);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();

  function reset() {
    setValues(o.initial());
    setErrors({});
    setProblem(undefined);
  }

  function openChange(next: boolean) {
    if (saving) return;
    reset();
    setOpen(next);
  }

  /** A field's new value; its problem goes as soon as it is edited. */
  function set<K extends keyof V & string>(key: K, value: V[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((errs) => withoutField(errs, key));
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = o.parse(values);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      await o.submit(parsed.data);
      reset();
      setOpen(false);
      o.onSaved(parsed.data);
    } catch (err) {
      const placed = o.refusal(err);
      if (placed.field) setErrors({ [placed.field]: placed.message });
      else setProblem(placed.message);
    } finally {
      setSaving(false);
    }
  }

  /** An input's id and its link to the message under it, when there is one. */
  const described = (id: string, key: keyof V & string) => ({
    id,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  });

  return { open, openChange, values, set, saving, errors, problem, onSubmit, described };
}
