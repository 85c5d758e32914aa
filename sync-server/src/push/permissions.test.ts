import { describe, expect, it } from 'vitest';
import { canManagePushSubscription, isAllowedPushEndpoint } from '../auth/permissions.ts';
import type { AuthUser } from '../auth/auth-user.ts';

const user = (id: string, role: AuthUser['role'] = 'user') => ({ id, role, email: `${id}@example.test` }) as AuthUser;

describe('canManagePushSubscription', () => {
  it("is the owner's alone; anyone else, an admin too, is told it does not exist", () => {
    expect(canManagePushSubscription(user('a'), { user_id: 'a' }).ok).toBe(true);
    expect(canManagePushSubscription(user('b'), { user_id: 'a' })).toMatchObject({ ok: false, status: 404 });
    expect(canManagePushSubscription(user('b', 'admin'), { user_id: 'a' })).toMatchObject({ ok: false, status: 404 });
    expect(canManagePushSubscription(user('a'), undefined)).toMatchObject({ ok: false, status: 404 });
  });
});

describe('isAllowedPushEndpoint', () => {
  it("takes the browsers' push services over https, and any other address only when tests allow it", () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/x', false).ok).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', false).ok).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGx', false).ok).toBe(true);
    expect(isAllowedPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', false).ok).toBe(true);
    // Anywhere else, the server would post where the subscriber chose: inside our network, say.
    expect(isAllowedPushEndpoint('https://10.0.0.5/admin', false)).toMatchObject({ ok: false, status: 400 });
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.example/x', false)).toMatchObject({ ok: false, status: 400 });
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/x', false)).toMatchObject({ ok: false, status: 400 });
    expect(isAllowedPushEndpoint('http://127.0.0.1:9/push/x', false)).toMatchObject({ ok: false, status: 400 });
    expect(isAllowedPushEndpoint('http://127.0.0.1:9/push/x', true).ok).toBe(true);
    expect(isAllowedPushEndpoint('file:///etc/passwd', true)).toMatchObject({ ok: false, status: 400 });
  });
});
