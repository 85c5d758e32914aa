import { Hono } from 'hono';
import { ReviewCreateSchema } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
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
import type { AppEnv, Deps } from '../deps.ts';
import { conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { parseId, parseJson } from '../http/validate.ts';

const ALREADY_REVIEWED = 'You have already reviewed this donation.';

export const reviewRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    // The reviewer is the caller: a body's reviewerName/reviewerEmail are dropped by the schema.
    .post('/reviews', async (c) => {
      const user = requireUser(c);
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
      if (insertedId === undefined) throw conflict(ALREADY_REVIEWED);
      return c.json({ insertedId }, 201);
    })
    // A donation the caller may not see has no reviews to show either, and reviewers' e-mails are not public.
    .get('/reviews/:donationId', async (c) => {
      const user = c.get('user');
      const donationId = parseId(c.req.param('donationId'));
      await visibleDonation(deps.sql, user, await findLiveDonationAccess(deps.sql, donationId));
      const page = parsePage(c);
      const rows = pageOf(c, await listReviewsForDonation(deps.sql, donationId, page), page);
      return c.json(rows.map((r) => toReview(r, canSeeReviewerEmail(user, r))));
    })
    .get('/my-reviews/:email', async (c) => {
      const email = c.req.param('email');
      enforce(isSelfOrAdmin(requireUser(c), email));
      const page = parsePage(c);
      return c.json(pageOf(c, await listReviewsByReviewer(deps.sql, email, page), page).map((r) => toReview(r)));
    })
    .delete('/reviews/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const review = await findReviewOwner(deps.sql, id);
      if (!review) throw notFound('Review');
      enforce(canDeleteReview(user, review));
      return c.json({ deletedCount: await softDeleteReview(deps.sql, id) });
    });
