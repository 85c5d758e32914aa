import { ReviewCreateSchema, ReviewSchema, RATE_LIMITS } from '@foodbridge/shared';
import { visibleDonation } from '../auth/donation-visibility.ts';
import { canDeleteReview, canSeeReviewerEmail, enforce, isSelfOrAdmin } from '../auth/permissions.ts';
import { findLiveDonationAccess } from '../db/donations.ts';
import {
  findReviewOwner,
  insertReviewOnce,
  listReviewsByReviewer,
  listReviewsForDonation,
  softDeleteReview,
  toReview,
} from '../db/reviews.ts';
import { conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { Deleted, err, Inserted, list, ok, UUID } from '../openapi/responses.ts';
import { byAccount } from '../http/rate-limit.ts';

export const reviewRoutes = [
  // The reviewer is the caller: a body's reviewerName/reviewerEmail are dropped by the schema.
  route(
    {
      method: 'post',
      path: '/reviews',
      summary: 'Review a donation',
      tags: ['Reviews'],
      security: 'bearer',
      limits: [byAccount('review', RATE_LIMITS.reviewsPerAccount, 'reviews')],
      body: { schema: ReviewCreateSchema, example: { donationId: UUID, description: 'Fresh and well packed.', rating: 5 } },
      responses: { 201: ok('Created.', Inserted), 400: err('Invalid input.'), 404: err('No such donation (or not visible to the caller).', 'not-found/donation'), 409: err('Already reviewed.', 'reviews/already'), 429: err('Too many reviews.') },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, ReviewCreateSchema);
      const donation = await visibleDonation(deps.sql, user, await findLiveDonationAccess(deps.sql, body.donationId));
      const insertedId = await insertReviewOnce(deps.sql, {
        donationId: donation.id,
        reviewerId: user.id,
        reviewerName: user.name,
        reviewerEmail: user.email,
        description: body.description,
        rating: body.rating,
      });
      // One review per person and donation, so that one account cannot outweigh everyone else's ratings.
      if (insertedId === undefined) throw conflict('reviews/already');
      return c.json({ insertedId }, 201);
    },
  ),
  // A donation the caller may not see has no reviews to show either, and reviewers' e-mails are not public.
  route(
    {
      method: 'get',
      path: '/reviews/:donationId',
      summary: 'Reviews of a donation',
      tags: ['Reviews'],
      security: 'optional',
      params: { donationId: 'The donation’s id.' },
      list: true,
      responses: { 200: list('Reviews.', ReviewSchema), 404: err('No such donation (or not visible to the caller).', 'not-found/donation') },
    },
    async (c, { deps, user }) => {
      const donationId = parseId(c.req.param('donationId'));
      await visibleDonation(deps.sql, user, await findLiveDonationAccess(deps.sql, donationId));
      const page = parsePage(c);
      const rows = pageOf(c, await listReviewsForDonation(deps.sql, donationId, page), page);
      return c.json(rows.map((r) => toReview(r, canSeeReviewerEmail(user, r))));
    },
  ),
  route(
    {
      method: 'get',
      path: '/my-reviews/:email',
      summary: 'Reviews written by a person',
      tags: ['Reviews'],
      security: 'bearer',
      params: { email: 'The reviewer’s e-mail (one’s own unless admin).' },
      list: true,
      responses: { 200: list('Reviews.', ReviewSchema), 403: err('Not yours.', 'access/denied') },
    },
    async (c, { deps, user }) => {
      const email = c.req.param('email')!;
      enforce(isSelfOrAdmin(user, email));
      const page = parsePage(c);
      return c.json(pageOf(c, await listReviewsByReviewer(deps.sql, email, page), page).map((r) => toReview(r)));
    },
  ),
  route(
    {
      method: 'delete',
      path: '/reviews/:id',
      summary: 'Delete a review (its author or an admin)',
      tags: ['Reviews'],
      security: 'bearer',
      params: { id: 'The review’s id.' },
      responses: { 200: ok('Deleted.', Deleted), 403: err('Not yours.', 'reviews/not-yours'), 404: err('No such review.', 'not-found/review') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const review = await findReviewOwner(deps.sql, id);
      if (!review) throw notFound('not-found/review');
      enforce(canDeleteReview(user, review));
      return c.json({ deletedCount: await softDeleteReview(deps.sql, id) });
    },
  ),
];
