import { Hono } from 'hono';
import { FavoriteCreateSchema, MSG } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import { visibleDonation } from '../auth/donation-visibility.ts';
import { canRemoveFavorite, enforce, isSelfOrAdmin } from '../auth/permissions.ts';
import { findFavoriteById, insertFavorite, listFavorites, softDeleteFavorite, toFavorite } from '../db/favorites.ts';
import { findLiveDonationAccess } from '../db/donations.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { parseId, parseJson } from '../http/validate.ts';

const FAVORITE_ID_TAKEN = 'This favorite id is already used. Please try again with a new one.';

export const favoriteRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    // The owner is the caller: the spec's body `email` is dropped by the schema.
    .post('/favorites', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, FavoriteCreateSchema);
      const donation = await visibleDonation(deps.sql, user, await findLiveDonationAccess(deps.sql, body.donationId));
      const row = await insertFavorite(deps.sql, { id: body.favoriteId, donationId: donation.id, userId: user.id, email: user.email });
      if (row) return c.json({ insertedId: row.id }, 201);
      if (body.favoriteId) {
        // An offline client retries its push until it hears back: the same favourite again is success, not an error.
        const existing = await findFavoriteById(deps.sql, body.favoriteId);
        if (existing) {
          const same = existing.user_id === user.id && existing.donation_id === donation.id && !existing.deleted;
          if (same) return c.json({ insertedId: existing.id }, 200);
          throw conflict(FAVORITE_ID_TAKEN);
        }
      }
      throw conflict(MSG.alreadyFavorite);
    })
    .get('/favorites/:email', async (c) => {
      const email = c.req.param('email');
      enforce(isSelfOrAdmin(requireUser(c), email));
      const page = parsePage(c);
      return c.json(pageOf(c, await listFavorites(deps.sql, email, page), page).map(toFavorite));
    })
    .delete('/favorites/:favoriteId', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('favoriteId'));
      const favorite = await findFavoriteById(deps.sql, id);
      if (!favorite || favorite.deleted) throw notFound('Favorite');
      enforce(canRemoveFavorite(user, favorite));
      return c.json({ deletedCount: await softDeleteFavorite(deps.sql, id) });
    });
