import { FavoriteCreateSchema, FavoriteSchema } from '@foodbridge/shared';
import { visibleDonation } from '../auth/donation-visibility.ts';
import { canRemoveFavorite, enforce, isSelfOrAdmin } from '../auth/permissions.ts';
import { findFavoriteById, insertFavorite, listFavorites, softDeleteFavorite, toFavorite } from '../db/favorites.ts';
import { findLiveDonationAccess } from '../db/donations.ts';
import { conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { Deleted, err, Inserted, list, ok, UUID } from '../openapi/responses.ts';


export const favoriteRoutes = [
  // The owner is the caller: the spec's body `email` is dropped by the schema.
  route(
    {
      method: 'post',
      path: '/favorites',
      summary: 'Add a donation to the caller’s favourites',
      description: 'Idempotent: the same favourite again answers 200 with its id.',
      tags: ['Favourites'],
      security: 'bearer',
      body: { schema: FavoriteCreateSchema, example: { donationId: UUID } },
      responses: {
        201: ok('Created.', Inserted),
        200: ok('Already a favourite.', Inserted),
        400: err('Invalid input.'),
        404: err('No such donation (or not visible to the caller).', 'not-found/donation'),
        409: err('The favourite id is taken by another favourite.', 'favorites/already', 'favorites/id-taken'),
      },
    },
    async (c, { deps, user }) => {
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
          throw conflict('favorites/id-taken');
        }
      }
      throw conflict('favorites/already');
    },
  ),
  route(
    {
      method: 'get',
      path: '/favorites/:email',
      summary: 'A person’s favourites',
      tags: ['Favourites'],
      security: 'bearer',
      params: { email: 'The person’s e-mail (one’s own unless admin).' },
      list: true,
      responses: { 200: list('Favourites.', FavoriteSchema), 403: err('Not yours.', 'access/denied') },
    },
    async (c, { deps, user }) => {
      const email = c.req.param('email')!;
      enforce(isSelfOrAdmin(user, email));
      const page = parsePage(c);
      return c.json(pageOf(c, await listFavorites(deps.sql, email, page), page).map(toFavorite));
    },
  ),
  route(
    {
      method: 'delete',
      path: '/favorites/:favoriteId',
      summary: 'Remove a favourite',
      tags: ['Favourites'],
      security: 'bearer',
      params: { favoriteId: 'The favourite’s id.' },
      responses: { 200: ok('Removed.', Deleted), 403: err('Not yours.', 'favorites/not-yours'), 404: err('No such favourite.', 'not-found/favorite') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('favoriteId'));
      const favorite = await findFavoriteById(deps.sql, id);
      if (!favorite || favorite.deleted) throw notFound('not-found/favorite');
      enforce(canRemoveFavorite(user, favorite));
      return c.json({ deletedCount: await softDeleteFavorite(deps.sql, id) });
    },
  ),
];
