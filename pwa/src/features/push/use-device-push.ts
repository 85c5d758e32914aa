import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { fetchPublicKey, removeSubscription, saveDisabledKinds, saveSubscription, sendTestPush, type PushDevice } from './api';
import { toggleKind, type SwitchableKind } from './kind-groups';
import { appWorker, currentSubscription, PUSH_MESSAGES, pushSupport, sameKey, testResultMessage, urlBase64ToUint8Array } from './push-device';

export type DevicePushStatus = 'checking' | 'unavailable' | 'off' | 'on';

/** Something to tell the person: one of our messages (by id, said in their language), or the server's own words. */
export type Said = { id: string } | { text: string };

export interface DevicePushState {
  status: DevicePushStatus;
  device: PushDevice | null;
  /** A failure to show, in words a person reads. */
  error: Said | null;
  /** The outcome of the last test notification. */
  notice: Said | null;
  busy: boolean;
}

const messageOf = (err: unknown): Said => ({ text: err instanceof ApiError || err instanceof Error ? err.message : String(err) });

/** This device's notification settings: on or off, the switched-off kinds, a test, and every failure said plainly. */
export function useDevicePush() {
  const support = pushSupport();
  const [state, setState] = useState<DevicePushState>({
    status: support === 'supported' ? 'checking' : 'unavailable',
    device: null,
    error: support === 'supported' ? null : { id: PUSH_MESSAGES[support] },
    notice: null,
    busy: false,
  });
  const patch = (p: Partial<DevicePushState>) => setState((s) => ({ ...s, ...p }));

  // A device subscribed before: register it again (the same browser may be signed in as another account now, and
  // the answer carries the device's switches). Permission is never asked here, only on the button.
  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void (async () => {
      try {
        const sub = Notification.permission === 'granted' ? await currentSubscription() : null;
        const device = sub ? await saveSubscription(sub) : null;
        if (live) patch({ status: device ? 'on' : 'off', device });
      } catch (err) {
        if (live) patch({ status: 'off', error: messageOf(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [support]);

  const turnOn = useCallback(async () => {
    patch({ busy: true, error: null, notice: null });
    try {
      // Asked here, on the person's own click, and nowhere else.
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        patch({ error: { id: permission === 'denied' ? PUSH_MESSAGES.denied : PUSH_MESSAGES.dismissed } });
        return;
      }
      const reg = await appWorker();
      if (!reg) {
        patch({ error: { id: PUSH_MESSAGES.noWorker } });
        return;
      }
      const publicKey = await fetchPublicKey();
      let sub = await reg.pushManager.getSubscription();
      // Made with another server key (the server's keys were replaced): pushes to it would be refused.
      if (sub && !sameKey(sub, publicKey)) {
        await sub.unsubscribe();
        sub = null;
      }
      try {
        sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(publicKey) });
      } catch (err) {
        console.warn('[push] subscribe failed', err);
        patch({ error: { id: PUSH_MESSAGES.pushService } });
        return;
      }
      patch({ status: 'on', device: await saveSubscription(sub) });
    } catch (err) {
      patch({ error: messageOf(err) });
    } finally {
      patch({ busy: false });
    }
  }, []);

  const turnOff = useCallback(async () => {
    patch({ busy: true, error: null, notice: null });
    try {
      const sub = await currentSubscription();
      const endpoint = sub?.endpoint ?? state.device?.endpoint;
      if (endpoint) await removeSubscription(endpoint).catch((err: unknown) => {
        // Already gone from the server (removed after a 410, or at another log-out): nothing left to do there.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      });
      await sub?.unsubscribe();
      patch({ status: 'off', device: null });
    } catch (err) {
      patch({ error: messageOf(err) });
    } finally {
      patch({ busy: false });
    }
  }, [state.device?.endpoint]);

  const setKind = useCallback(
    async (kind: SwitchableKind, on: boolean) => {
      const device = state.device;
      if (!device) return;
      const disabledKinds = toggleKind(device.disabledKinds, kind, on);
      // Shown at once; put back if the server refuses.
      patch({ device: { ...device, disabledKinds }, error: null });
      try {
        patch({ device: await saveDisabledKinds(device.endpoint, disabledKinds) });
      } catch (err) {
        patch({ device, error: messageOf(err) });
      }
    },
    [state.device],
  );

  const sendTest = useCallback(async () => {
    const endpoint = state.device?.endpoint;
    if (!endpoint) return;
    patch({ busy: true, error: null, notice: null });
    try {
      const result = testResultMessage(await sendTestPush(endpoint));
      patch(result.ok ? { notice: { id: result.id } } : { error: { id: result.id } });
    } catch (err) {
      patch({ error: messageOf(err) });
    } finally {
      patch({ busy: false });
    }
  }, [state.device?.endpoint]);

  return { ...state, turnOn, turnOff, setKind, sendTest };
}
