import type { Review } from '@foodbridge/shared';
import { afterCursor, type PageQuery } from './pages.ts';
import type { Sql, TxSql } from './connection.ts';
import { isoRequired } from './map.ts';

export interface ReviewRow {
  id: string;
  donation_id: string;
  reviewer_id: string;
  reviewer_name: string;
  reviewer_email: string;
  description: string;
  rating: number;
  created_at: Date;
  donation_title: string;
  restaurant_name: string;
  /** The reviewer is of the charity that collected it (lists only). */
  from_recipient?: boolean;
}

/** `withEmail` false leaves the reviewer's e-mail out (a donation's public list). */
export function toReview(r: ReviewRow, withEmail = true): Review {
  return {
    _id: r.id,
    donationId: r.donation_id,
    reviewerName: r.reviewer_name,
    ...(withEmail ? { reviewerEmail: r.reviewer_email } : {}),
    description: r.description,
    rating: r.rating,
    createdAt: isoRequired(r.created_at),
    donationTitle: r.donation_title,
    restaurant: r.restaurant_name,
    ...(r.from_recipient === undefined ? {} : { fromRecipient: r.from_recipient }),
  };
}

export interface NewReview {
  donationId: string;
  reviewerId: string;
  reviewerName: string;
  reviewerEmail: string;
  description: string;
  rating: number;
  /** The demo seed's date; a posted review is dated by the database. */
  createdAt?: Date;
}

/**
 * Undefined when the reviewer already has a live review of the donation: one each, and migration 010's unique index
 * decides, also between parallel posts.
 */
export async function insertReviewOnce(sql: Sql | TxSql, r: NewReview): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO reviews (donation_id, reviewer_id, reviewer_name, reviewer_email, description, rating, created_at)
    VALUES (${r.donationId}, ${r.reviewerId}, ${r.reviewerName}, ${r.reviewerEmail}, ${r.description}, ${r.rating},
            ${r.createdAt ?? sql`DEFAULT`})
    ON CONFLICT (reviewer_id, donation_id) WHERE NOT deleted DO NOTHING
    RETURNING id`;
  return row?.id;
}

/** For the seed and tests, which never write a second review of one donation by one reviewer. */
export async function insertReview(sql: Sql | TxSql, r: NewReview): Promise<string> {
  const id = await insertReviewOnce(sql, r);
  if (id === undefined) throw new Error(`${r.reviewerEmail} has already reviewed donation ${r.donationId}`);
  return id;
}

/**
 * Whether the review is by the charity that collected the donation: its founding account (whose id the donation's
 * charity_id is) or a member of it. Only these count in a donation's rating (issue 50).
 */
const fromRecipient = (sql: Sql) =>
  sql`(d.status = 'Picked' AND d.charity_id IS NOT NULL AND d.charity_id = COALESCE(u.organisation_id, u.id)) AS from_recipient`;

// Reviews of a deleted donation go with it: the donation they describe is no longer shown anywhere.
export async function listReviewsForDonation(sql: Sql, donationId: string, page: PageQuery): Promise<ReviewRow[]> {
  return sql<ReviewRow[]>`
    SELECT r.*, d.title AS donation_title, d.restaurant_name, ${fromRecipient(sql)}
    FROM reviews r JOIN donations d ON d.id = r.donation_id LEFT JOIN users u ON u.id = r.reviewer_id
    WHERE r.donation_id = ${donationId} AND NOT r.deleted AND NOT d.deleted AND ${afterCursor(sql, 'reviews', 'r', page.after)}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${page.limit + 1}`;
}

export async function listReviewsByReviewer(sql: Sql, email: string, page: PageQuery): Promise<ReviewRow[]> {
  return sql<ReviewRow[]>`
    SELECT r.*, d.title AS donation_title, d.restaurant_name, ${fromRecipient(sql)}
    FROM reviews r JOIN donations d ON d.id = r.donation_id LEFT JOIN users u ON u.id = r.reviewer_id
    WHERE r.reviewer_email = ${email.trim().toLowerCase()} AND NOT r.deleted AND NOT d.deleted AND ${afterCursor(sql, 'reviews', 'r', page.after)}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${page.limit + 1}`;
}

export async function findReviewOwner(sql: Sql, id: string): Promise<{ reviewer_id: string } | undefined> {
  const [row] = await sql<{ reviewer_id: string }[]>`SELECT reviewer_id FROM reviews WHERE id = ${id} AND NOT deleted`;
  return row;
}

export async function softDeleteReview(sql: Sql, id: string): Promise<number> {
  const r = await sql`UPDATE reviews SET deleted = true WHERE id = ${id} AND NOT deleted`;
  return r.count;
}
