import { useState, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';

/** A password field with a show/hide toggle, which saves mistyped passwords on phone keyboards. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const i18n = useI18n();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pe-12" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? i18n._('auth.hidePassword') : i18n._('auth.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-e-lg text-stone-500 hover:text-stone-800"
      >
        {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
