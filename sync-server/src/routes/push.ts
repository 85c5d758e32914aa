import { z } from 'zod';
import { PushDeviceSchema, PushEndpointSchema, PushPreferencesSchema, PushSendResultSchema, PushSubscribeSchema, PushTestSchema, testPushText, type PushMessage } from '@foodbridge/shared';
import { canManagePushSubscription, enforce, isAllowedPushEndpoint } from '../auth/permissions.ts';
import { deletePushSubscriptionById, findPushSubscription, setPushDisabledKinds, toPushDevice, upsertPushSubscription } from '../db/push.ts';
import { i18nFor } from '../i18n.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { parseJson } from '../http/validate.ts';
import { Deleted, err, ok } from '../openapi/responses.ts';

// Every role's profile lives at its own path; the test notification brings its reader back to it.
const PROFILE_PATHS = {
  admin: '/dashBoard/adminProfile',
  restaurant: '/dashBoard/restaurantProfile',
  charity: '/dashBoard/charityProfile',
  user: '/dashBoard/myProfile',
} as const;

const pushUnavailable = () => new ApiError(503, 'push/unavailable');

export const pushRoutes = [
  // Public: the app needs it before asking the browser for a subscription, and it is no secret.
  route(
    {
      method: 'get',
      path: '/push/public-key',
      summary: 'The VAPID public key',
      tags: ['Notifications'],
      security: 'none',
      responses: { 200: ok('The key.', z.object({ publicKey: z.string() })), 503: err('Web push is not set up on this server.', 'push/unavailable') },
    },
    async (c, { deps }) => {
      if (!deps.push) throw pushUnavailable();
      return c.json({ publicKey: await deps.push.publicKey() });
    },
  ),
  route(
    {
      method: 'post',
      path: '/push/subscriptions',
      summary: 'Subscribe this device to web push',
      tags: ['Notifications'],
      security: 'bearer',
      body: {
        schema: PushSubscribeSchema,
        example: {
          subscription: {
            endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
            keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
          },
        },
      },
      responses: { 201: ok('Subscribed.', PushDeviceSchema), 200: ok('Already subscribed; updated.', PushDeviceSchema), 400: err('Not a browser push service.', 'push/endpoint-not-https'), 409: err('The device belongs to another account, and the keys sent are not its own.', 'push/endpoint-taken') },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, PushSubscribeSchema);
      enforce(isAllowedPushEndpoint(body.subscription.endpoint, deps.config.PUSH_ALLOW_HTTP_ENDPOINTS));
      const stored = await upsertPushSubscription(deps.sql, {
        userId: user.id,
        endpoint: body.subscription.endpoint,
        p256dh: body.subscription.keys.p256dh,
        auth: body.subscription.keys.auth,
        disabledKinds: body.disabledKinds,
      });
      if (!stored) throw new ApiError(409, 'push/endpoint-taken');
      return c.json(toPushDevice(stored.row), stored.created ? 201 : 200);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/push/subscriptions',
      summary: 'Choose the kinds this device does not show',
      tags: ['Notifications'],
      security: 'bearer',
      body: { schema: PushPreferencesSchema, example: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', disabledKinds: [] } },
      responses: { 200: ok('Updated.', PushDeviceSchema), 400: err('Invalid input.'), 404: err('No such subscription of the caller.', 'not-found/push-subscription') },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, PushPreferencesSchema);
      const row = await findPushSubscription(deps.sql, body.endpoint);
      enforce(canManagePushSubscription(user, row));
      const updated = await setPushDisabledKinds(deps.sql, row!.id, [...new Set(body.disabledKinds)]);
      if (!updated) throw notFound('not-found/push-subscription');
      return c.json(toPushDevice(updated));
    },
  ),
  // At log-out on the device: the next person to use this browser must not get this account's notifications.
  route(
    {
      method: 'delete',
      path: '/push/subscriptions',
      summary: 'Unsubscribe a device (by `?endpoint=` or a JSON body)',
      tags: ['Notifications'],
      security: 'bearer',
      query: [{ name: 'endpoint', description: 'The subscription’s endpoint (instead of the body).', schema: z.string() }],
      body: { schema: PushEndpointSchema, example: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' }, required: false },
      responses: { 200: ok('Removed.', Deleted), 400: err('Invalid endpoint.'), 404: err('No such subscription of the caller.', 'not-found/push-subscription') },
    },
    async (c, { deps, user }) => {
      // The endpoint in the body, or as ?endpoint= for clients whose DELETE carries no body.
      const query = c.req.query('endpoint');
      const body = query !== undefined ? PushEndpointSchema.parse({ endpoint: query }) : await parseJson(c, PushEndpointSchema);
      const row = await findPushSubscription(deps.sql, body.endpoint);
      enforce(canManagePushSubscription(user, row));
      return c.json({ deletedCount: await deletePushSubscriptionById(deps.sql, row!.id) });
    },
  ),
  route(
    {
      method: 'post',
      path: '/push/test',
      summary: 'Send a test notification to the caller’s devices',
      tags: ['Notifications'],
      security: 'bearer',
      body: { schema: PushTestSchema, example: {}, required: false },
      responses: {
        200: ok('What the push services said.', PushSendResultSchema),
        400: err('Invalid input.'),
        404: err('No such subscription of the caller.', 'not-found/push-subscription'),
        503: err('Web push is not set up on this server.', 'push/unavailable'),
      },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, PushTestSchema);
      if (!deps.push) throw pushUnavailable();
      if (body.endpoint !== undefined) enforce(canManagePushSubscription(user, await findPushSubscription(deps.sql, body.endpoint)));
      // In the account's language; the link opens the screen the button is on.
      const message: PushMessage = { ...testPushText(i18nFor(c.get('userRow')?.locale)), link: PROFILE_PATHS[user.role] };
      return c.json(await deps.push.sendToUser(user.id, message, { endpoint: body.endpoint }));
    },
  ),
];
