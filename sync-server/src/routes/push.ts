import { Hono } from 'hono';
import { PushEndpointSchema, PushPreferencesSchema, PushSubscribeSchema, PushTestSchema, testPushText, type PushMessage } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import { canManagePushSubscription, enforce, isAllowedPushEndpoint } from '../auth/permissions.ts';
import { deletePushSubscriptionById, findPushSubscription, setPushDisabledKinds, toPushDevice, upsertPushSubscription } from '../db/push.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { i18nFor } from '../i18n.ts';
import { ApiError } from '../http/errors.ts';
import { parseJson } from '../http/validate.ts';

// Every role's profile lives at its own path; the test notification brings its reader back to it.
const PROFILE_PATHS = {
  admin: '/dashBoard/adminProfile',
  restaurant: '/dashBoard/restaurantProfile',
  charity: '/dashBoard/charityProfile',
  user: '/dashBoard/myProfile',
} as const;

const pushUnavailable = () => new ApiError(503, 'Notifications on the phone are not available on this server.');

export const pushRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    // Public: the app needs it before asking the browser for a subscription, and it is no secret.
    .get('/push/public-key', async (c) => {
      if (!deps.push) throw pushUnavailable();
      return c.json({ publicKey: await deps.push.publicKey() });
    })
    .post('/push/subscriptions', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, PushSubscribeSchema);
      enforce(isAllowedPushEndpoint(body.subscription.endpoint, deps.config.PUSH_ALLOW_HTTP_ENDPOINTS));
      const { row, created } = await upsertPushSubscription(deps.sql, {
        userId: user.id,
        endpoint: body.subscription.endpoint,
        p256dh: body.subscription.keys.p256dh,
        auth: body.subscription.keys.auth,
        disabledKinds: body.disabledKinds,
      });
      return c.json(toPushDevice(row), created ? 201 : 200);
    })
    .patch('/push/subscriptions', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, PushPreferencesSchema);
      const row = await findPushSubscription(deps.sql, body.endpoint);
      enforce(canManagePushSubscription(user, row));
      const updated = await setPushDisabledKinds(deps.sql, row!.id, [...new Set(body.disabledKinds)]);
      if (!updated) throw new ApiError(404, 'Push subscription not found');
      return c.json(toPushDevice(updated));
    })
    // At log-out on the device: the next person to use this browser must not get this account's notifications.
    .delete('/push/subscriptions', async (c) => {
      const user = requireUser(c);
      // The endpoint in the body, or as ?endpoint= for clients whose DELETE carries no body.
      const query = c.req.query('endpoint');
      const body = query !== undefined ? PushEndpointSchema.parse({ endpoint: query }) : await parseJson(c, PushEndpointSchema);
      const row = await findPushSubscription(deps.sql, body.endpoint);
      enforce(canManagePushSubscription(user, row));
      return c.json({ deletedCount: await deletePushSubscriptionById(deps.sql, row!.id) });
    })
    .post('/push/test', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, PushTestSchema);
      if (!deps.push) throw pushUnavailable();
      if (body.endpoint !== undefined) enforce(canManagePushSubscription(user, await findPushSubscription(deps.sql, body.endpoint)));
      // In the account's language; the link opens the screen the button is on.
      const message: PushMessage = { ...testPushText(i18nFor(c.get('userRow')?.locale)), link: PROFILE_PATHS[user.role] };
      return c.json(await deps.push.sendToUser(user.id, message, { endpoint: body.endpoint }));
    });
