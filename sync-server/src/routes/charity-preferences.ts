import { CharityPreferencesSchema } from '@foodbridge/shared';
import { canSetCharityPreferences, enforce } from '../auth/permissions.ts';
import { findCharityPreferences, saveCharityPreferences } from '../db/charity-preferences.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { parseJson } from '../http/validate.ts';
import { err, ok, accountGone } from '../openapi/responses.ts';

/**
 * A charity's home base (where it collects from: the origin of 'Nearest first' when the browser's position is not
 * shared) and the new verified donations it wants to be told of (issues 10 and 11). Always the caller's own.
 */
export const charityPreferenceRoutes = [
  route(
    {
      method: 'get',
      path: '/me/charity-preferences',
      summary: 'A charity’s notification preferences',
      tags: ['Notifications'],
      security: 'bearer',
      responses: { 200: ok('The preferences.', CharityPreferencesSchema), 403: err('Charities only.', 'charity-preferences/charities-only'), 404: accountGone },
    },
    async (c, { deps, user }) => {
      enforce(canSetCharityPreferences(user));
      const prefs = await findCharityPreferences(deps.sql, user.id);
      if (!prefs) throw notFound('not-found/user');
      return c.json(prefs);
    },
  ),
  route(
    {
      method: 'put',
      path: '/me/charity-preferences',
      summary: 'Set a charity’s notification preferences',
      tags: ['Notifications'],
      security: 'bearer',
      body: { schema: CharityPreferencesSchema, example: { homeAddress: '5 Harbour Road', homeLatitude: 52.5, homeLongitude: 13.4, notifyRadiusKm: 10, notifyFoodTypes: ['Bakery'] } },
      responses: { 200: ok('The preferences.', CharityPreferencesSchema), 400: err('Invalid input.'), 403: err('Charities only.', 'charity-preferences/charities-only'), 404: accountGone },
    },
    async (c, { deps, user }) => {
      enforce(canSetCharityPreferences(user));
      const body = await parseJson(c, CharityPreferencesSchema);
      const prefs = await saveCharityPreferences(deps.sql, user.id, body);
      if (!prefs) throw notFound('not-found/user');
      return c.json(prefs);
    },
  ),
];
