// The browser's push machinery (service worker registration, PushManager, Notification) is the outside world here:
// stood in for on the window, as the stand-in server stands in for fetch. Headless browsers have no push service, so
// the switched-on screen is only reachable this way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSession } from '@/lib/auth/session-store';
import { json, stubServer } from '@/testing/server';
import { urlBase64ToUint8Array } from '../push-device';
import { PushSettings } from './push-settings';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example/send/abc';
const SUB_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
const DELETE_PATH = `DELETE /push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`;
/** The button says what it does; the section's heading names what it is about. */
const TURN_ON = 'Turn on';

function browserPush({ permission = 'default', subscribed = false, result = 'granted', failSubscribe = false } = {}) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: urlBase64ToUint8Array(PUBLIC_KEY).buffer },
    toJSON: () => SUB_JSON,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  if (subscribed) current = subscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      if (failSubscribe) throw new DOMException('Registration failed - push service not available', 'AbortError');
      current = subscription;
      return subscription;
    }),
  };
  const registration = { active: {}, pushManager };
  const notification = { permission, requestPermission: vi.fn(async () => result) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, notification, subscription };
}

const device = (disabledKinds: string[] = []) => ({ endpoint: ENDPOINT, disabledKinds, createdAt: '2026-11-25T10:00:00.000Z' });

beforeEach(() => {
  useSession.setState({ user: { id: 'c1', email: 'pantry@example.test', name: 'Pantry' }, role: 'charity', ready: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, role: 'user' });
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushSettings', () => {
  it('asks for permission only on the click, subscribes with the server key, then offers switches, a test and off', async () => {
    const push = browserPush();
    const server = stubServer({
      'GET /push/public-key': () => json(200, { publicKey: PUBLIC_KEY }),
      'POST /push/subscriptions': () => json(201, device()),
      'PATCH /push/subscriptions': (r) => json(200, device((r.body as { disabledKinds: string[] }).disabledKinds)),
      'POST /push/test': () => json(200, { sent: 1, removed: 0, failed: 0 }),
      [DELETE_PATH]: () => json(200, { deletedCount: 1 }),
    });
    render(<PushSettings />);
    const button = await screen.findByRole('button', { name: TURN_ON });
    expect(screen.getByRole('region', { name: 'Notifications on this device' }).contains(button)).toBe(true);
    expect(push.notification.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(button);
    await screen.findByText('Notifications are on for this device.');
    expect(push.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = push.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect([...(options[0].applicationServerKey as Uint8Array)]).toEqual([...urlBase64ToUint8Array(PUBLIC_KEY)]);
    expect(server.requests.find((r) => r.method === 'POST' && r.path === '/push/subscriptions')?.body).toEqual({ subscription: SUB_JSON });

    // A charity's switches, grouped; each a labelled switch.
    expect(screen.getByRole('group', { name: 'Your requests' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'A donation waits for verification' })).toBeNull();
    const nearby = screen.getByRole('switch', { name: 'New donations you asked to hear about' });
    expect(nearby.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(nearby);
    await waitFor(() => expect(nearby.getAttribute('aria-checked')).toBe('false'));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ endpoint: ENDPOINT, disabledKinds: ['donation.nearby'] });

    fireEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/should appear on this device/);
    expect(server.requests.find((r) => r.path === '/push/test')?.body).toEqual({ endpoint: ENDPOINT });

    fireEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    await screen.findByRole('button', { name: TURN_ON });
    expect(server.sent()).toContain(DELETE_PATH);
    expect(push.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('shows a device subscribed before as on, with its switches as the server keeps them, without asking again', async () => {
    const push = browserPush({ permission: 'granted', subscribed: true });
    stubServer({ 'POST /push/subscriptions': () => json(200, device(['request.rejected'])) });
    render(<PushSettings />);
    const rejected = await screen.findByRole('switch', { name: 'Your request was not accepted' });
    expect(rejected.getAttribute('aria-checked')).toBe('false');
    expect(push.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    browserPush({ result: 'denied' });
    stubServer({});
    render(<PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: TURN_ON }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/blocked for FoodBridge in this browser/);
  });

  it('says kindly when the browser cannot reach its push service', async () => {
    browserPush({ failSubscribe: true });
    stubServer({ 'GET /push/public-key': () => json(200, { publicKey: PUBLIC_KEY }) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: TURN_ON }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach its push service/);
    expect(screen.getByRole('button', { name: TURN_ON })).toBeTruthy();
  });

  it('says when this browser cannot do push at all', () => {
    vi.stubGlobal('isSecureContext', true);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    render(<PushSettings />);
    expect(screen.getByRole('alert').textContent).toMatch(/cannot show notifications from FoodBridge/);
    expect(screen.queryByRole('button', { name: TURN_ON })).toBeNull();
  });
});
