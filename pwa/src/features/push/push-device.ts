// This browser's side of web push: whether it can, its permission, and its subscription with the browser's push
// service. The words of each failure are here too, so that the screen and its tests say the same thing.
import type { PushSendResult } from '@foodbridge/shared/schemas/push';

/** The VAPID public key (base64url, as the server gives it) as the bytes `pushManager.subscribe` takes. */
export function urlBase64ToUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether the subscription was made with `publicKey` (a server whose keys changed cannot push to it). */
export function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = urlBase64ToUint8Array(publicKey);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export function pushSupport(w: Pick<Window, 'isSecureContext'> & Partial<Window> = window): PushSupport {
  if (!w.isSecureContext) return 'insecure';
  if (!('serviceWorker' in (w.navigator ?? {})) || !('PushManager' in w) || !('Notification' in w)) return 'unsupported';
  return 'supported';
}

export const PUSH_MESSAGES = {
  unsupported:
    'This browser cannot show notifications from FoodBridge. On an iPhone or iPad, add FoodBridge to the Home Screen (Share, then Add to Home Screen) and open it from there.',
  insecure: 'Notifications need a secure (https) connection to FoodBridge.',
  denied:
    'Notifications are blocked for FoodBridge in this browser. Allow them in the site settings (the icon beside the address), then press the button again.',
  dismissed: 'Notifications were not allowed. Press the button again whenever you are ready.',
  noWorker: 'The app is still getting ready for offline use. Reload the page and try again.',
  pushService:
    "This browser could not reach its push service, so notifications cannot be turned on here. Everything else in FoodBridge works; try again later, or in another browser.",
} as const;

/** What the person is told after 'Send a test notification'. */
export function testResultMessage(r: PushSendResult): { ok: boolean; text: string } {
  if (r.sent > 0) return { ok: true, text: 'Sent. It should appear on this device within a few seconds.' };
  if (r.removed > 0) return { ok: false, text: "The push service says this device's subscription has ended. Turn notifications on again." };
  if (r.failed > 0) return { ok: false, text: 'The push service did not take the message. Please try again in a minute.' };
  return { ok: false, text: 'This device is not registered for notifications any more. Turn them on again.' };
}

/** The app's service worker, if it is running; undefined when there is none (a dev server, a first visit just now). */
export async function appWorker(timeoutMs = 5000): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  if (!existing) return undefined;
  // Installing: wait for it a little, rather than forever as `ready` would.
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((r) => setTimeout(() => r(undefined), timeoutMs))]);
}

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await appWorker(0);
  return (await reg?.pushManager.getSubscription()) ?? null;
}
