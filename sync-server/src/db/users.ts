import { DEFAULT_ROLE, DONATION_EDITABLE, isLocale, type Locale, type Role, type User } from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';
import { compact, iso, isoRequired } from './map.ts';
import { recordHistory, SYSTEM_ACTOR } from './history.ts';
import { afterCursor, type PageQuery } from './pages.ts';

/** How an account became admin without an admin's hand: the server's admin list, or an operator's command. */
type AdminGrant = 'ADMIN_EMAILS' | 'npm run admin';

/** A row as updated, with the role it had before (to tell a grant from a no-op). */
type UpdatedRow = UserRow & { old_role: Role | null };

/** Records in the history that `row` became admin, if it was not before (every role change is there, issue 45). */
async function recordAdminGrant(tx: TxSql, row: UpdatedRow | undefined, via: AdminGrant): Promise<UserRow | undefined> {
  if (!row) return undefined;
  const { old_role: oldRole, ...account } = row;
  if (account.role === 'admin' && oldRole !== 'admin') {
    await recordHistory(tx, {
      actor: SYSTEM_ACTOR,
      kind: 'user.role-changed',
      fromState: oldRole,
      toState: 'admin',
      detail: { userId: account.id, email: account.email, name: account.name, via },
    });
  }
  return account;
}

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
  email_verified: boolean;
  /** The identity provider's user id: Firebase's uid; null for built-in accounts (their token's subject is `id`). */
  provider_uid: string | null;
  created_at: Date;
  last_login: Date | null;
  /** The pickup point (migration 018): both or neither. */
  latitude: number | null;
  longitude: number | null;
  /** The language the account chose (migration 023); null until it chooses one. */
  locale: string | null;
  /** When every session was last ended (migration 032): ID tokens issued before it are refused. */
  sessions_ended_at: Date | null;
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
    emailVerified: r.email_verified,
    latitude: r.latitude,
    longitude: r.longitude,
    locale: isLocale(r.locale) ? r.locale : null,
  }) as User;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`SELECT * FROM users WHERE email = ${email.trim().toLowerCase()} AND NOT deleted`;
  return row;
}

/** An account an admin removed: its e-mail must not be registered again by a Firebase sign-in. */
export async function isRemovedAccount(sql: Sql, email: string): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM users WHERE email = ${email.trim().toLowerCase()} AND deleted LIMIT 1`;
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
    emailVerified?: boolean;
    locale?: string | undefined;
  },
): Promise<UserRow> {
  const [row] = await sql<UserRow[]>`
    INSERT INTO users (id, email, name, role, photo_url, password_hash, mission, address, phone, created_at, last_login,
                       email_verified, locale)
    VALUES (${u.id ?? sql`DEFAULT`}, ${u.email.toLowerCase()}, ${u.name}, ${u.role}, ${u.photoURL ?? null},
            ${u.passwordHash ?? null}, ${u.mission ?? null}, ${u.address ?? null}, ${u.phone ?? null},
            ${u.createdAt ?? sql`DEFAULT`}, ${u.lastLogin === undefined ? sql`now()` : u.lastLogin},
            ${u.emailVerified ?? false}, ${u.locale ?? null})
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

export interface ProviderIdentity {
  /** The provider's user id (Firebase's uid). */
  uid: string;
  email: string;
  emailVerified: boolean;
  name?: string | undefined;
  photoURL?: string | undefined;
}

/**
 * The account of a provider's user, made on its first call. The provider's uid decides who it is. An e-mail links
 * the uid to an account made before (a seeded one, or one whose provider account was made anew) only when the
 * provider says the e-mail is verified: else anyone could claim admin@... with an account they cannot prove.
 * Safe to call from two tabs at once. Refused: 'removed' when an admin removed the account of this e-mail (it must not
 * come back by signing in again), 'taken' when an unverified e-mail already belongs to another account.
 */
export async function accountForProviderUser(
  sql: Sql,
  p: ProviderIdentity,
  /** Whether ADMIN_EMAILS names the e-mail: the account is admin from the moment the e-mail is verified. */
  adminEmail: boolean,
): Promise<UserRow | { refused: 'removed' | 'taken' }> {
  const promote = p.emailVerified && adminEmail;
  const email = p.email.toLowerCase();
  const name = p.name?.trim() || 'No Name';
  // A known account is only read: this runs on every call whose token is not cached, and a write there would announce
  // an account change to every instance each time. It is written only when the e-mail has just been verified.
  const [known] = await sql<UserRow[]>`SELECT * FROM users WHERE provider_uid = ${p.uid} AND NOT deleted`;
  if (known && (known.email_verified || !p.emailVerified)) return known;
  const byUid = await sql.begin(async (tx) => {
    const [updated] = await tx<UpdatedRow[]>`
      UPDATE users u SET
        role = CASE WHEN ${promote} AND NOT u.email_verified THEN 'admin' ELSE u.role END,
        email_verified = u.email_verified OR ${p.emailVerified}
      FROM (SELECT id, role FROM users WHERE provider_uid = ${p.uid} AND NOT deleted FOR UPDATE) old
      WHERE u.id = old.id
      RETURNING u.*, old.role AS old_role`;
    return recordAdminGrant(tx, updated, 'ADMIN_EMAILS');
  });
  if (byUid) return byUid;
  if (p.emailVerified) {
    const linked = await sql.begin(async (tx) => {
      const [updated] = await tx<UpdatedRow[]>`
        UPDATE users u SET provider_uid = ${p.uid}, email_verified = true, last_login = now(),
          role = CASE WHEN ${promote} AND NOT u.email_verified THEN 'admin' ELSE u.role END,
          photo_url = COALESCE(u.photo_url, ${p.photoURL ?? null})
        FROM (SELECT id, role FROM users WHERE email = ${email} AND NOT deleted FOR UPDATE) old
        WHERE u.id = old.id
        RETURNING u.*, old.role AS old_role`;
      return recordAdminGrant(tx, updated, 'ADMIN_EMAILS');
    });
    if (linked) return linked;
  }
  if (await isRemovedAccount(sql, email)) return { refused: 'removed' };
  const row = await sql.begin(async (tx) => {
    const [inserted] = await tx<UpdatedRow[]>`
      INSERT INTO users (email, name, role, photo_url, last_login, provider_uid, email_verified)
      VALUES (${email}, ${name}, ${promote ? 'admin' : DEFAULT_ROLE}, ${p.photoURL ?? null}, now(), ${p.uid}, ${p.emailVerified})
      ON CONFLICT DO NOTHING
      RETURNING *, NULL::text AS old_role`;
    return recordAdminGrant(tx, inserted, 'ADMIN_EMAILS');
  });
  if (row) return row;
  // Another call registered this uid a moment ago, or the unverified e-mail is another account's.
  const [again] = await sql<UserRow[]>`SELECT * FROM users WHERE provider_uid = ${p.uid} AND NOT deleted`;
  return again ?? { refused: 'taken' };
}

/** Refreshes last_login and fills a missing name or photo (POST /users, on each sign-in). */
export async function refreshProfileOnSignIn(
  sql: Sql,
  id: string,
  u: { name?: string | undefined; photoURL?: string | undefined },
): Promise<UserRow | undefined> {
  const name = u.name?.trim() || 'No Name';
  const [row] = await sql<UserRow[]>`
    UPDATE users SET
      last_login = now(),
      name = CASE WHEN name = 'No Name' AND ${name} <> 'No Name' THEN ${name} ELSE name END,
      photo_url = COALESCE(photo_url, ${u.photoURL ?? null})
    WHERE id = ${id} AND NOT deleted
    RETURNING *`;
  return row;
}

/**
 * The owner proved the e-mail. An address on the admin list becomes admin now, not at registration: whoever
 * registers it first has not shown they own it.
 */
export async function markEmailVerified(sql: Sql, id: string, makeAdmin: boolean): Promise<UserRow | undefined> {
  return sql.begin(async (tx) => {
    const [row] = await tx<UpdatedRow[]>`
      UPDATE users u SET email_verified = true, role = CASE WHEN ${makeAdmin} THEN 'admin' ELSE u.role END
      FROM (SELECT id, role FROM users WHERE id = ${id} AND NOT deleted FOR UPDATE) old
      WHERE u.id = old.id
      RETURNING u.*, old.role AS old_role`;
    return recordAdminGrant(tx, row, 'ADMIN_EMAILS');
  });
}

/**
 * A new password from a reset link. Opening the link proved the e-mail too. Every session of the account ends: a
 * reset is what one does when someone else may be signed in.
 */
export async function resetPassword(sql: Sql, id: string, passwordHash: string, makeAdmin: boolean): Promise<UserRow | undefined> {
  return sql.begin(async (tx) => {
    // Lock order: the account, then its sessions (as softDeleteUser).
    const [updated] = await tx<UpdatedRow[]>`
      UPDATE users u SET password_hash = ${passwordHash}, email_verified = true, sessions_ended_at = clock_timestamp(),
        role = CASE WHEN ${makeAdmin} THEN 'admin' ELSE u.role END
      FROM (SELECT id, role FROM users WHERE id = ${id} AND NOT deleted FOR UPDATE) old
      WHERE u.id = old.id
      RETURNING u.*, old.role AS old_role`;
    if (updated) await tx`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`;
    return recordAdminGrant(tx, updated, 'ADMIN_EMAILS');
  });
}

/** An operator's `npm run admin`: the live account with this e-mail becomes admin. */
export async function makeAdminByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  return sql.begin(async (tx) => {
    const [row] = await tx<UpdatedRow[]>`
      UPDATE users u SET role = 'admin'
      FROM (SELECT id, role FROM users WHERE email = ${email.trim().toLowerCase()} AND NOT deleted FOR UPDATE) old
      WHERE u.id = old.id
      RETURNING u.*, old.role AS old_role`;
    return recordAdminGrant(tx, row, 'npm run admin');
  });
}

export async function touchLogin(sql: Sql, id: string): Promise<UserRow> {
  const [row] = await sql<UserRow[]>`UPDATE users SET last_login = now() WHERE id = ${id} RETURNING *`;
  return row!;
}

/** Newest accounts first, one page (and one row more, telling whether another page follows). */
export async function listUsers(sql: Sql, page: PageQuery): Promise<UserRow[]> {
  return sql<UserRow[]>`
    SELECT * FROM users u WHERE NOT deleted AND ${afterCursor(sql, 'users', 'u', page.after)}
    ORDER BY created_at DESC, id DESC
    LIMIT ${page.limit + 1}`;
}

export async function setUserRole(sql: Sql, id: string, role: Role): Promise<number> {
  const r = await sql`UPDATE users SET role = ${role} WHERE id = ${id} AND NOT deleted AND role <> ${role}`;
  return r.count;
}

/**
 * An admin's role change: the account as it was, or undefined when it is gone or has that role already. Taking a role
 * away (any change from a role other than 'user') ends the account's sessions: whoever holds them signs in again as
 * what they are now. Granting one to a user does not.
 */
export async function changeUserRole(tx: TxSql, id: string, role: Role): Promise<Pick<UserRow, 'email' | 'name' | 'role'> | undefined> {
  const [row] = await tx<Pick<UserRow, 'email' | 'name' | 'role'>[]>`
    UPDATE users u SET role = ${role},
      sessions_ended_at = CASE WHEN old.role <> 'user' THEN clock_timestamp() ELSE u.sessions_ended_at END
    FROM (SELECT id, role FROM users WHERE id = ${id} AND NOT deleted FOR UPDATE) old
    WHERE u.id = old.id AND old.role <> ${role}
    RETURNING u.email, u.name, old.role`;
  return row;
}

/**
 * Removes the account and ends its sessions in one step (call in a transaction), so a deleted user cannot refresh
 * back in. Returns the account as it was, or undefined if it was gone already.
 */
export async function softDeleteUser(tx: TxSql, id: string): Promise<Pick<UserRow, 'email' | 'name' | 'role'> | undefined> {
  // Lock order: the account, then what it owns (sessions, links, donations, donation requests, charity requests), as
  // resetPassword and an admin's verdict on a charity request (lockCharityRequest) take them.
  const [removed] = await tx<Pick<UserRow, 'email' | 'name' | 'role'>[]>`
    UPDATE users SET deleted = true, sessions_ended_at = clock_timestamp() WHERE id = ${id} AND NOT deleted RETURNING email, name, role`;
  await tx`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`;
  if (!removed) return undefined;
  await tx`UPDATE account_links SET used_at = now() WHERE user_id = ${id} AND used_at IS NULL`;
  // What the account still offered or asked for goes with it: its open donations would stay public and
  // requestable, its open requests would wait on a charity that is gone. Donations already given to a charity
  // stay (one may be on its way to pick them up), and so does the history.
  await tx`UPDATE donations SET deleted = true WHERE restaurant_id = ${id} AND status IN ${tx(DONATION_EDITABLE)} AND NOT deleted`;
  await tx`UPDATE donation_requests SET deleted = true WHERE charity_id = ${id} AND status = 'Pending' AND NOT deleted`;
  // Nobody is left to grant the role to: a pending charity-role request must not wait in the admin's queue or show
  // on the home page. Decided requests stay as history.
  await tx`UPDATE charity_requests SET deleted = true WHERE user_id = ${id} AND status = 'pending' AND NOT deleted`;
  return removed;
}

export async function updateProfile(
  sql: Sql,
  id: string,
  p: {
    name?: string | undefined;
    photoURL?: string | undefined;
    address?: string | undefined;
    phone?: string | undefined;
    mission?: string | undefined;
    /** null removes the pickup point; absent leaves it. Both or neither (ProfileUpdateSchema). */
    latitude?: number | null | undefined;
    longitude?: number | null | undefined;
    locale?: Locale | undefined;
  },
): Promise<UserRow | undefined> {
  const place = p.latitude !== undefined;
  const [row] = await sql<UserRow[]>`
    UPDATE users SET
      latitude = CASE WHEN ${place} THEN ${p.latitude ?? null}::double precision ELSE latitude END,
      longitude = CASE WHEN ${place} THEN ${p.longitude ?? null}::double precision ELSE longitude END,
      name = COALESCE(${p.name ?? null}, name),
      photo_url = COALESCE(${p.photoURL ?? null}, photo_url),
      address = COALESCE(${p.address ?? null}, address),
      phone = COALESCE(${p.phone ?? null}, phone),
      mission = COALESCE(${p.mission ?? null}, mission),
      locale = COALESCE(${p.locale ?? null}, locale)
    WHERE id = ${id} AND NOT deleted
    RETURNING *`;
  return row;
}

/**
 * Log-out everywhere: every session of the account ends now (its refresh tokens are revoked, its ID tokens refused).
 * Returns whether the account exists.
 */
export async function endAllSessions(sql: Sql, id: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    // Lock order: the account, then its sessions (as resetPassword).
    const [row] = await tx`UPDATE users SET sessions_ended_at = clock_timestamp() WHERE id = ${id} AND NOT deleted RETURNING id`;
    await tx`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`;
    return row !== undefined;
  });
}
