// At log-out, this device stops receiving the account's notifications: the next person to use the browser must not
// see them. Runs inside signOut() while the token is still valid (lib/auth/identity's sign-out hooks).
import { onSignOut } from '@/lib/auth/identity';
import { removeSubscription } from './api';
import { currentSubscription } from './push-device';

let registered = false;

export function unsubscribeDeviceAtSignOut() {
  if (registered) return;
  registered = true;
  onSignOut(async ({ accountGone }) => {
    try {
      const sub = await currentSubscription();
      if (!sub) return;
      // A removed account's subscriptions went with it, and the server refuses its token.
      if (!accountGone) await removeSubscription(sub.endpoint).catch((err: unknown) => console.warn('[push] could not remove the device', err));
      // Even if the server could not be told: without the browser's subscription nothing reaches this device.
      await sub.unsubscribe();
    } catch (err) {
      console.error('[push] could not turn notifications off at sign-out', err);
    }
  });
}
