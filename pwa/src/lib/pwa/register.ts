import { isOnline } from '@/lib/connectivity-store';
import { whenIdle } from '@/lib/idle';
import { useServiceWorker } from './sw-store';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
// If the waiting worker never takes control (another tab already activated it, or it was discarded), reload
// anyway: the page then opens with whatever version now controls it.
const RELOAD_FALLBACK_MS = 4000;

let started = false;

/** After the first paint and once the browser is idle, so registering never competes with the home page's load. */
function afterLoad(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => whenIdle(() => resolve(), 3000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Registers the service worker (production builds only; `vite` dev gets a no-op module) and feeds the update
 * prompt's store. Safe to call more than once. The registration code and workbox-window are loaded lazily, so
 * none of it weighs on the first paint.
 */
export function startServiceWorker(): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  void (async () => {
    await afterLoad();
    const { registerSW } = await import('virtual:pwa-register');
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => useServiceWorker.setState({ needRefresh: true, dismissed: false }),
      onOfflineReady: () => useServiceWorker.setState({ offlineReady: true }),
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        if (registration.active) useServiceWorker.setState({ offlineReady: true });
        // An installed app can stay open for days without a navigation, which is when browsers look for updates.
        setInterval(() => {
          if (isOnline() && !registration.installing) registration.update().catch(() => {});
        }, UPDATE_CHECK_MS);
      },
      // Blocked service workers (some private modes, test browsers) leave an online-only app: nothing to tell.
      onRegisterError: () => {},
    });
    useServiceWorker.setState({
      activateUpdate: async () => {
        // workbox-window reloads only for the worker it installed itself during this page's life; an update found
        // later (the hourly check, another tab) would leave the page on the old version. Any takeover will do.
        const reload = () => window.location.reload();
        navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
        setTimeout(reload, RELOAD_FALLBACK_MS);
        await update(true);
      },
    });
  })();
}
