// The server's push endpoints (sync-server/src/routes/push.ts).
import { call, type Answer } from '@/lib/api-client';
import type { SwitchableKind } from './kind-groups';

/** The server's record of one device's subscription: its endpoint and the kinds it does not show. */
export type PushDevice = Answer<'POST /push/subscriptions'>;

export const fetchPublicKey = async () => (await call('GET /push/public-key')).publicKey;

/**
 * Registers this device for the signed-in account; without `disabledKinds` the server keeps the device's choices.
 * Sent as `toJSON()` gives it; keys the browser did not give are sent empty, and the server says what is wrong.
 */
export function saveSubscription(sub: PushSubscription) {
  const { expirationTime, keys } = sub.toJSON();
  const subscription = { endpoint: sub.endpoint, expirationTime, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
  return call('POST /push/subscriptions', { body: { subscription } });
}

export const saveDisabledKinds = (endpoint: string, disabledKinds: SwitchableKind[]) =>
  call('PATCH /push/subscriptions', { body: { endpoint, disabledKinds } });

export const removeSubscription = (endpoint: string) => call('DELETE /push/subscriptions', { query: { endpoint } });

export const sendTestPush = (endpoint: string) => call('POST /push/test', { body: { endpoint } });
