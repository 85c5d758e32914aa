import { DONATION_EDITABLE, type Role, type User } from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';
import { compact, iso, isoRequired } from './map.ts';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  photo_url: string | null;
  role: Role;
  mission: string | null;
  address: string | null;
  phone: string | null;
  password_hash: string | null;
  created_at: Date;
  last_login: Date | null;
}

export function toUser(r: UserRow): User {
  const createdAt = isoRequired(r.created_at);
  return compact({
    _id: r.id,
    name: r.name,
    displayName: r.name,
    email: r.email,
    role: r.role,
    photoURL: r.photo_url,
    mission: r.mission,
    address: r.address,
    phone: r.phone,
    createdAt,
    created_at: createdAt,
    last_login: iso(r.last_login) ?? null,
  }) as User;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`SELECT * FROM users WHERE email = ${email.toLowerCase()} AND NOT deleted`;
  return row;
}

/** An account an admin removed: its e-mail must not be registered again by a Firebase sign-in. */
export async function isRemovedAccount(sql: Sql, email: string): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM users WHERE email = ${email.toLowerCase()} AND deleted LIMIT 1`;
  return Boolean(row);
}

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`SELECT * FROM users WHERE id = ${id} AND NOT deleted`;
  return row;
}

/** A registration signs in at once (last_login now); the demo seed sets the profile, dates and id itself. */
export async function insertUser(
  sql: Sql | TxSql,
  u: {
    email: string;
    name: string;
    role: Role;
    photoURL?: string | undefined;
    passwordHash?: string | undefined;
    id?: string;
    mission?: string | undefined;
    address?: string;
    phone?: string;
    createdAt?: Date;
    lastLogin?: Date | null;
  },
): Promise<UserRow> {
  const [row] = await sql<UserRow[]>`
    INSERT INTO users (id, email, name, role, photo_url, password_hash, mission, address, phone, created_at, last_login)
    VALUES (${u.id ?? sql`DEFAULT`}, ${u.email.toLowerCase()}, ${u.name}, ${u.role}, ${u.photoURL ?? null},
            ${u.passwordHash ?? null}, ${u.mission ?? null}, ${u.address ?? null}, ${u.phone ?? null},
            ${u.createdAt ?? sql`DEFAULT`}, ${u.lastLogin === undefined ? sql`now()` : u.lastLogin})
    RETURNING *`;
  return row!;
}

/** Whether the database has any account at all, removed ones included. */
export async function hasAnyUser(sql: Sql | TxSql): Promise<boolean> {
  const [row] = await sql<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM users) AS any`;
  return row!.any;
}

/** Whether a live account has one of these e-mails. */
export async function hasLiveUserWithEmail(sql: Sql | TxSql, emails: readonly string[]): Promise<boolean> {
  const [row] = await sql<{ any: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM users WHERE email IN ${sql(emails.map((e) => e.toLowerCase()))} AND NOT deleted) AS any`;
  return row!.any;
}

/**
 * Registers the signed-in user if new (role from `roleIfNew`), otherwise refreshes last_login and fills a missing
 * name or photo. Safe to call on every sign-in and from two tabs at once.
 */
export async function upsertUser(
  sql: Sql,
  u: { email: string; name?: string | undefined; photoURL?: string | undefined; roleIfNew: Role },
): Promise<UserRow> {
  const name = u.name?.trim() || 'No Name';
  const [row] = await sql<UserRow[]>`
    INSERT INTO users (email, name, role, photo_url, last_login)
    VALUES (${u.email.toLowerCase()}, ${name}, ${u.roleIfNew}, ${u.photoURL ?? null}, now())
    ON CONFLICT (email) WHERE NOT deleted DO UPDATE SET
      last_login = now(),
      name = CASE WHEN users.name = 'No Name' AND ${name} <> 'No Name' THEN ${name} ELSE users.name END,
      photo_url = COALESCE(users.photo_url, EXCLUDED.photo_url)
    RETURNING *`;
  return row!;
}

export async function touchLogin(sql: Sql, id: string): Promise<UserRow> {
  const [row] = await sql<UserRow[]>`UPDATE users SET last_login = now() WHERE id = ${id} RETURNING *`;
  return row!;
}

export async function listUsers(sql: Sql): Promise<UserRow[]> {
  return sql<UserRow[]>`SELECT * FROM users WHERE NOT deleted ORDER BY created_at DESC, id`;
}

export async function setUserRole(sql: Sql, id: string, role: Role): Promise<number> {
  const r = await sql`UPDATE users SET role = ${role} WHERE id = ${id} AND NOT deleted AND role <> ${role}`;
  return r.count;
}

/** Removes the account and ends its sessions in one step, so a deleted user cannot refresh back in. */
export async function softDeleteUser(sql: Sql, id: string): Promise<number> {
  return sql.begin(async (tx) => {
    const r = await tx`UPDATE users SET deleted = true WHERE id = ${id} AND NOT deleted`;
    await tx`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`;
    if (r.count === 0) return 0;
    // What the account still offered or asked for goes with it: its open donations would stay public and
    // requestable, its open requests would wait on a charity that is gone. Donations already given to a charity
    // stay (one may be on its way to pick them up), and so does the history.
    await tx`UPDATE donations SET deleted = true WHERE restaurant_id = ${id} AND status IN ${tx(DONATION_EDITABLE)} AND NOT deleted`;
    await tx`UPDATE donation_requests SET deleted = true WHERE charity_id = ${id} AND status = 'Pending' AND NOT deleted`;
    return r.count;
  });
}

export async function updateProfile(
  sql: Sql,
  id: string,
  p: { name?: string | undefined; photoURL?: string | undefined; address?: string | undefined; phone?: string | undefined; mission?: string | undefined },
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    UPDATE users SET
      name = COALESCE(${p.name ?? null}, name),
      photo_url = COALESCE(${p.photoURL ?? null}, photo_url),
      address = COALESCE(${p.address ?? null}, address),
      phone = COALESCE(${p.phone ?? null}, phone),
      mission = COALESCE(${p.mission ?? null}, mission)
    WHERE id = ${id} AND NOT deleted
    RETURNING *`;
  return row;
}
