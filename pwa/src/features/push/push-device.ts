// This browser's side of web push: whether it can, its permission, and its subscription with the browser's push
// service. The words of each failure are here too (as message ids), so that the screen and its tests say the same thing.
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

/** The message ids of each failure, said at render (push-settings.tsx) in the reader's language. */
export const PUSH_MESSAGES = {
  unsupported: /*i18n*/ 'push.unsupported',
  insecure: /*i18n*/ 'push.insecure',
  denied: /*i18n*/ 'push.denied',
  dismissed: /*i18n*/ 'push.dismissed',
  noWorker: /*i18n*/ 'push.noWorker',
  pushService: /*i18n*/ 'push.pushService',
} as const;

/** What the person is told after 'Send a test notification' (a message id). */
export function testResultMessage(r: PushSendResult): { ok: boolean; id: string } {
  if (r.sent > 0) return { ok: true, id: /*i18n*/ 'push.test.sent' };
  if (r.removed > 0) return { ok: false, id: /*i18n*/ 'push.test.removed' };
  if (r.failed > 0) return { ok: false, id: /*i18n*/ 'push.test.failed' };
  return { ok: false, id: /*i18n*/ 'push.test.notRegistered' };
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
