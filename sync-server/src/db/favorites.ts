import type { DonationStatus, Favorite, QuantityUnit } from '@foodbridge/shared';
import { afterCursor, type PageQuery } from './pages.ts';
import type { Sql, TxSql } from './connection.ts';
import { isoRequired } from './map.ts';

export interface FavoriteRow {
  id: string;
  donation_id: string;
  user_id: string;
  email: string;
  created_at: Date;
  deleted: boolean;
}

export interface FavoriteListRow extends FavoriteRow {
  title: string;
  image: string;
  restaurant_name: string;
  location: string;
  status: DonationStatus;
  /** numeric comes back from postgres.js as a string. */
  quantity: string | number;
  unit: QuantityUnit;
}

export function toFavorite(r: FavoriteListRow): Favorite {
  return {
    _id: r.id,
    favoriteId: r.id,
    donationId: r.donation_id,
    email: r.email,
    title: r.title,
    image: r.image,
    restaurant: r.restaurant_name,
    location: r.location,
    status: r.status,
    quantity: Number(r.quantity),
    unit: r.unit,
    createdAt: isoRequired(r.created_at),
  };
}

/**
 * Inserts unless the id is taken or this user already has a live favourite of the donation (then undefined:
 * the caller tells which). One statement, so two tabs or a retried offline push cannot create two.
 */
export async function insertFavorite(
  sql: Sql | TxSql,
  f: { id?: string | undefined; donationId: string; userId: string; email: string; createdAt?: Date },
): Promise<FavoriteRow | undefined> {
  const [row] = await sql<FavoriteRow[]>`
    INSERT INTO favorites (id, donation_id, user_id, email, created_at)
    VALUES (COALESCE(${f.id ?? null}::uuid, gen_random_uuid()), ${f.donationId}, ${f.userId}, ${f.email},
            ${f.createdAt ?? sql`DEFAULT`})
    ON CONFLICT DO NOTHING
    RETURNING id, donation_id, user_id, email, created_at, deleted`;
  return row;
}

/** Includes removed favourites: a client-chosen id stays used after its favourite is removed. */
export async function findFavoriteById(sql: Sql, id: string): Promise<FavoriteRow | undefined> {
  const [row] = await sql<FavoriteRow[]>`
    SELECT id, donation_id, user_id, email, created_at, deleted FROM favorites WHERE id = ${id}`;
  return row;
}

// A favourite of a deleted donation has nothing left to show or open.
export async function listFavorites(sql: Sql, email: string, page: PageQuery): Promise<FavoriteListRow[]> {
  return sql<FavoriteListRow[]>`
    SELECT f.id, f.donation_id, f.user_id, f.email, f.created_at, f.deleted,
           d.title, d.image, d.restaurant_name, d.location, d.status, d.quantity, d.unit
    FROM favorites f JOIN donations d ON d.id = f.donation_id
    WHERE f.email = ${email.trim().toLowerCase()} AND NOT f.deleted AND NOT d.deleted
      AND ${afterCursor(sql, 'favorites', 'f', page.after)}
    ORDER BY f.created_at DESC, f.id DESC
    LIMIT ${page.limit + 1}`;
}

export async function softDeleteFavorite(sql: Sql | TxSql, id: string): Promise<number> {
  const r = await sql`UPDATE favorites SET deleted = true WHERE id = ${id} AND NOT deleted`;
  return r.count;
}
