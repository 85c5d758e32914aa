import { Toaster as Sonner } from 'sonner';

// Bottom-centre on phones so toasts never cover the header's menu buttons; top-right on wider screens.
export default function Toaster() {
  const phone = typeof window !== 'undefined' && window.matchMedia('(max-width: 639px)').matches;
  return (
    <Sonner
      position={phone ? 'bottom-center' : 'top-right'}
      closeButton
      toastOptions={{ classNames: { toast: 'border-border', title: 'text-stone-900', description: '!text-stone-700' } }}
    />
  );
}
