import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';
import { useServiceWorker } from '@/lib/pwa/sw-store';

/**
 * When a new version is waiting, offers to switch to it (loaded only then, see routes/__root.tsx). The new version never
 * takes over by itself: a driver halfway through a form keeps it until choosing 'Reload'.
 */
export default function UpdatePrompt() {
  const i18n = useI18n();
  const needRefresh = useServiceWorker((s) => s.needRefresh);
  const dismissed = useServiceWorker((s) => s.dismissed);
  const activateUpdate = useServiceWorker((s) => s.activateUpdate);
  const [reloading, setReloading] = useState(false);

  if (!needRefresh || dismissed) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border border-border bg-white p-3 shadow-lg sm:end-4 sm:start-auto sm:mx-0"
    >
      <RefreshCw aria-hidden className="size-5 shrink-0 text-brand-800" />
      <div className="min-w-48 flex-1">
        <p className="text-sm font-semibold text-stone-900">{i18n._('update.title')}</p>
        <p className="text-xs text-stone-700">{i18n._('update.detail')}</p>
      </div>
      <div className="ms-auto flex gap-2">
        <Button variant="ghost" size="sm" onClick={() => useServiceWorker.setState({ dismissed: true })}>
          {i18n._('update.later')}
        </Button>
        <Button
          size="sm"
          disabled={reloading || !activateUpdate}
          onClick={() => {
            setReloading(true);
            void activateUpdate?.();
          }}
        >
          {reloading ? i18n._('update.reloading') : i18n._('update.reload')}
        </Button>
      </div>
    </div>
  );
}
