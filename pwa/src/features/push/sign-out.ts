// At log-out, this device stops receiving the account's notifications: the next person to use the browser must not
// see them. Runs inside signOut() while the token is still valid (lib/auth/identity's sign-out hooks).
import { onSignOut } from '@/lib/auth/identity';
import { removeSubscription } from './api';
import { currentSubscription } from './push-device';

let registered = false;

export function unsubscribeDeviceAtSignOut() {
  if (registered) return;
  registered = true;
  onSignOut(async () => {
    try {
      const sub = await currentSubscription();
      if (!sub) return;
      await removeSubscription(sub.endpoint).catch((err: unknown) => console.warn('[push] could not remove the device', err));
      // Even if the server could not be told: without the browser's subscription nothing reaches this device.
      await sub.unsubscribe();
    } catch (err) {
      console.error('[push] could not turn notifications off at sign-out', err);
    }
  });
}
