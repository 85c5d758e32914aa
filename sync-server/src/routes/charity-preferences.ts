import { Hono } from 'hono';
import { CharityPreferencesSchema } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import { canSetCharityPreferences, enforce } from '../auth/permissions.ts';
import { findCharityPreferences, saveCharityPreferences } from '../db/charity-preferences.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { parseJson } from '../http/validate.ts';

/**
 * A charity's home base (where it collects from: the origin of 'Nearest first' when the browser's position is not
 * shared) and the new verified donations it wants to be told of (issues 10 and 11). Always the caller's own.
 */
export const charityPreferenceRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/me/charity-preferences', async (c) => {
      const user = requireUser(c);
      enforce(canSetCharityPreferences(user));
      const prefs = await findCharityPreferences(deps.sql, user.id);
      if (!prefs) throw notFound('User');
      return c.json(prefs);
    })
    .put('/me/charity-preferences', async (c) => {
      const user = requireUser(c);
      enforce(canSetCharityPreferences(user));
      const body = await parseJson(c, CharityPreferencesSchema);
      const prefs = await saveCharityPreferences(deps.sql, user.id, body);
      if (!prefs) throw notFound('User');
      return c.json(prefs);
    });
