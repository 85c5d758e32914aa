import { Toaster as Sonner } from 'sonner';
import { useI18n } from '@/lib/i18n/i18n';

// Bottom-centre on phones so toasts never cover the header's menu buttons; top-right on wider screens (top-left
// when the page reads right to left, where the layout is mirrored).
export default function Toaster() {
  const i18n = useI18n();
  const phone = typeof window !== 'undefined' && window.matchMedia('(max-width: 639px)').matches;
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  return (
    <Sonner
      position={phone ? 'bottom-center' : rtl ? 'top-left' : 'top-right'}
      dir={rtl ? 'rtl' : 'ltr'}
      closeButton
      containerAriaLabel={i18n._('toast.container')}
      toastOptions={{
        closeButtonAriaLabel: i18n._('toast.close'),
        classNames: { toast: 'border-border', title: 'text-stone-900', description: '!text-stone-700' },
      }}
    />
  );
}
