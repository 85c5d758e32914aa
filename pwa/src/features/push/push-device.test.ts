import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { pushSupport, sameKey, testResultMessage, urlBase64ToUint8Array } from './push-device';

describe('urlBase64ToUint8Array', () => {
  it('decodes base64url without padding, as VAPID keys are written', () => {
    expect([...urlBase64ToUint8Array('AQID')]).toEqual([1, 2, 3]);
    expect([...urlBase64ToUint8Array('-_8')]).toEqual([0xfb, 0xff]);
    expect([...urlBase64ToUint8Array('AA')]).toEqual([0]);
    expect([...urlBase64ToUint8Array('AAE=')]).toEqual([0, 1]);
  });

  it('turns a VAPID public key into its 65 bytes, starting with 4 (an uncompressed point)', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = urlBase64ToUint8Array(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('sameKey', () => {
  const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
  const sub = (k: Uint8Array | null) => ({ options: { applicationServerKey: k?.buffer ?? null } }) as unknown as PushSubscription;
  it('tells whether a subscription was made with the server key', () => {
    expect(sameKey(sub(urlBase64ToUint8Array(key)), key)).toBe(true);
    const other = urlBase64ToUint8Array(key);
    other[64] = other[64]! ^ 1;
    expect(sameKey(sub(other), key)).toBe(false);
    expect(sameKey(sub(null), key)).toBe(false);
  });
});

describe('pushSupport', () => {
  const nav = { serviceWorker: {} } as unknown as Navigator;
  it('needs a secure page, a service worker, the Push API and notifications', () => {
    expect(pushSupport({ isSecureContext: false })).toBe('insecure');
    expect(pushSupport({ isSecureContext: true, navigator: nav, PushManager: {}, Notification: {} } as never)).toBe('supported');
    expect(pushSupport({ isSecureContext: true, navigator: nav, Notification: {} } as never)).toBe('unsupported');
    expect(pushSupport({ isSecureContext: true, navigator: {} as Navigator, PushManager: {}, Notification: {} } as never)).toBe('unsupported');
  });
});

describe('testResultMessage', () => {
  it('says what happened to the test notification', () => {
    expect(testResultMessage({ sent: 1, removed: 0, failed: 0 }).ok).toBe(true);
    // In English, as the app starts (testing/setup.ts loads its catalogues).
    const said = (r: Parameters<typeof testResultMessage>[0]) => i18n._(testResultMessage(r).id);
    expect(said({ sent: 0, removed: 1, failed: 0 })).toMatch(/subscription has ended/);
    expect(said({ sent: 0, removed: 0, failed: 1 })).toMatch(/did not take the message/);
    expect(said({ sent: 0, removed: 0, failed: 0 })).toMatch(/not registered/);
  });
});
