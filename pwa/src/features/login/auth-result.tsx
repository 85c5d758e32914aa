import { useEffect, useRef, type ReactNode } from 'react';
import { CheckCircle2, CircleAlert } from 'lucide-react';

/**
 * The outcome of an account e-mail step (link sent, password changed, link expired). It takes the focus when it
 * appears, because it replaces the form whose button had it; a success is announced politely, a failure at once.
 */
export function AuthResult({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const Icon = tone === 'success' ? CheckCircle2 : CircleAlert;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={tone === 'success' ? 'status' : 'alert'}
      className={`flex gap-3 rounded-lg border px-3 py-3 text-sm outline-none focus-visible:outline-2 focus-visible:outline-ring ${
        tone === 'success' ? 'border-brand-200 bg-brand-50 text-brand-900' : 'border-red-200 bg-red-50 text-red-900'
      }`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex flex-col gap-2">{children}</div>
    </div>
  );
}
