import {
  DEFAULT_ROLE,
  DELETED_ACCOUNT_EMAIL_DOMAIN,
  DELETED_ACCOUNT_NAME,
  DONATION_EDITABLE,
  isLocale,
  PICKUP_CONFIRMABLE,
  type Locale,
  type Role,
  type User,
} from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';
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
  /** The organisation the account is a member of, and its role there (migration 034): both or neither. */
  organisation_id: string | null;
  member_role: MemberRole | null;
  /** Read with the signed-in account only (auth/middleware.ts): its organisation's e-mail, its founder's. */
  organisation_email?: string | null;
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

/**
 * The organisation's e-mail of a member's account (its founding account's, ADR 018), for the spec's routes that name a
 * restaurant or charity by e-mail; null for an account in none.
 */
export async function organisationEmailOf(sql: Sql, row: Pick<UserRow, 'id' | 'email' | 'organisation_id'>): Promise<string | null> {
  if (!row.organisation_id) return null;
  if (row.organisation_id === row.id) return row.email;
  const [founder] = await sql<{ email: string }[]>`SELECT email FROM users WHERE id = ${row.organisation_id}`;
  return founder?.email ?? null;
}

export async function findUserById(sql: Sql | TxSql, id: string): Promise<UserRow | undefined> {
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
    if (updated) await endSessionsAndEmailChanges(tx, id);
    return recordAdminGrant(tx, updated, 'ADMIN_EMAILS');
  });
}

/**
 * What a new password ends besides the old one: every refresh token, and an e-mail change still waiting for its link
 * (someone who knew the old password may have asked for it). Call after the account's own row is updated.
 */
async function endSessionsAndEmailChanges(tx: TxSql, id: string): Promise<void> {
  // Lock order: the account (updated by the caller), then its sessions and links.
  await tx`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`;
  await tx`UPDATE account_links SET used_at = now() WHERE user_id = ${id} AND purpose = 'change-email' AND used_at IS NULL`;
}

/**
 * The owner's new password (POST /auth/change-password, the current one checked first). Every session ends, as after
 * a reset: whoever else is signed in has to sign in again; the caller gets a new session from the answer.
 */
export async function changePassword(sql: Sql, id: string, passwordHash: string): Promise<UserRow | undefined> {
  return sql.begin(async (tx) => {
    const [row] = await tx<UserRow[]>`
      UPDATE users SET password_hash = ${passwordHash}, sessions_ended_at = clock_timestamp()
      WHERE id = ${id} AND NOT deleted RETURNING *`;
    if (row) await endSessionsAndEmailChanges(tx, id);
    return row;
  });
}

/**
 * Makes `newEmail` the account's address: its owner opened the link sent there, so it is verified (and an address on
 * the admin list makes the account admin, as a verification does). The copies of the address that rows keep to be
 * found by it (donations, requests, reviews, favourites, charity requests, payments) follow. The history keeps the
 * address each change was made with. Returns the account and the address it had, or undefined when it is gone; a live
 * account that took the address meanwhile makes the unique index refuse it (23505).
 */
export async function changeEmail(
  sql: Sql,
  id: string,
  newEmail: string,
  makeAdmin: boolean,
): Promise<{ row: UserRow; oldEmail: string } | undefined> {
  return sql.begin(async (tx) => {
    // Lock order: the account, then the rows that copy its address (rewriteAccountCopies).
    const [updated] = await tx<(UpdatedRow & { old_email: string })[]>`
      UPDATE users u SET email = ${newEmail}, email_verified = true, role = CASE WHEN ${makeAdmin} THEN 'admin' ELSE u.role END
      FROM (SELECT id, role, email FROM users WHERE id = ${id} AND NOT deleted FOR UPDATE) old
      WHERE u.id = old.id
      RETURNING u.*, old.role AS old_role, old.email AS old_email`;
    if (!updated) return undefined;
    const { old_email: oldEmail, ...account } = updated;
    await rewriteAccountCopies(tx, id, { email: newEmail });
    const row = await recordAdminGrant(tx, account, 'ADMIN_EMAILS');
    return { row: row!, oldEmail };
  });
}

/**
 * The account's e-mail (and, given, its name) in the rows that keep a copy of them: a donation its restaurant's and
 * its charity's, a request its charity's, a review its reviewer's, a favourite, a charity-role request and a fee
 * payment their account's. Removed rows too: nothing found by the old address is left behind.
 */
async function rewriteAccountCopies(tx: TxSql, id: string, to: { email: string; name?: string }): Promise<void> {
  const name = to.name ?? null;
  // Lock order: the account (locked by the caller), then donations, then their requests, then what hangs off no
  // donation's lock (reviews, favourites, charity requests, payments).
  await tx`
    UPDATE donations SET restaurant_email = ${to.email}, restaurant_name = COALESCE(${name}::text, restaurant_name)
    WHERE restaurant_id = ${id}`;
  await tx`
    UPDATE donations SET charity_email = ${to.email}, charity_name = COALESCE(${name}::text, charity_name),
      assigned_to = CASE WHEN ${name}::text IS NOT NULL AND assigned_type = 'charity' THEN ${name}::text ELSE assigned_to END
    WHERE charity_id = ${id}`;
  await tx`
    UPDATE donation_requests SET charity_email = ${to.email}, charity_name = COALESCE(${name}::text, charity_name)
    WHERE charity_id = ${id}`;
  await tx`
    UPDATE reviews SET reviewer_email = ${to.email}, reviewer_name = COALESCE(${name}::text, reviewer_name)
    WHERE reviewer_id = ${id}`;
  await tx`UPDATE favorites SET email = ${to.email} WHERE user_id = ${id}`;
  await tx`UPDATE charity_requests SET email = ${to.email}, name = COALESCE(${name}::text, name) WHERE user_id = ${id}`;
  await tx`UPDATE payments SET email = ${to.email} WHERE user_id = ${id}`;
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

/** The account, locked for a change of its own (lock order: an account before anything it owns). */
export async function lockAccount(tx: TxSql, id: string): Promise<UserRow | undefined> {
  const [row] = await tx<UserRow[]>`SELECT * FROM users WHERE id = ${id} AND NOT deleted FOR UPDATE`;
  return row;
}

/**
 * Whether an admin other than `id` remains. Locks the admins' rows, in id order, so that the last two admins deleting
 * themselves at once cannot both see the other.
 */
export async function hasOtherAdmin(tx: TxSql, id: string): Promise<boolean> {
  // Lock order: accounts in id order (the caller's own is among them, already locked).
  const rows = await tx<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' AND NOT deleted ORDER BY id FOR UPDATE`;
  return rows.some((r) => r.id !== id);
}

/** What deleting the account would change for others: its donations not yet picked up, and pickups given to it. */
export async function accountCommitments(tx: TxSql, id: string): Promise<{ openDonations: number; acceptedPickups: number }> {
  const [row] = await tx<{ open_donations: number; accepted_pickups: number }[]>`
    SELECT
      (SELECT count(*)::int FROM donations
        WHERE restaurant_id = ${id} AND NOT deleted AND status IN ${tx([...DONATION_EDITABLE, ...PICKUP_CONFIRMABLE])}) AS open_donations,
      (SELECT count(*)::int FROM donations
        WHERE charity_id = ${id} AND NOT deleted AND status IN ${tx(PICKUP_CONFIRMABLE)}) AS accepted_pickups`;
  return { openDonations: row!.open_donations, acceptedPickups: row!.accepted_pickups };
}

/** The donations given to this charity and not yet collected, by id (the order they are locked in). */
export async function pickupsGivenTo(tx: TxSql, charityId: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    SELECT id FROM donations WHERE charity_id = ${charityId} AND NOT deleted AND status IN ${tx(PICKUP_CONFIRMABLE)} ORDER BY id`;
  return rows.map((r) => r.id);
}

/** How a deleted account shows: in its rows, the copies of it, and the history entries it writes from then on. */
export function erasedIdentity(id: string): { id: string; email: string; name: string } {
  return { id, email: `${id}@${DELETED_ACCOUNT_EMAIL_DOMAIN}`, name: DELETED_ACCOUNT_NAME };
}

/**
 * Its owner's deletion of the account (call in a transaction, the account locked). It is removed as an admin's removal
 * does (softDeleteUser: sessions end, open donations and pending requests are withdrawn), and then forgotten: the
 * account keeps its id, but its name becomes "Deleted account", its e-mail an address that receives nothing (so the
 * person may register again, and nothing looked up by e-mail finds the old rows), its profile, password and sign-in
 * links go. Donations, requests and reviews stay, under that name. Its push devices, notifications and stored answers
 * go; so do its favourites (they are its own list, nobody else's).
 */
export async function eraseAccount(tx: TxSql, id: string): Promise<Pick<UserRow, 'email' | 'name' | 'role'> | undefined> {
  const erased = erasedIdentity(id);
  const removed = await softDeleteUser(tx, id);
  if (!removed) return undefined;
  // Lock order: the account (locked by the caller), then the rows that copy it (rewriteAccountCopies), then the rest.
  await tx`
    UPDATE users SET name = ${erased.name}, email = ${erased.email}, erased_at = clock_timestamp(),
      photo_url = NULL, mission = NULL, address = NULL, phone = NULL, password_hash = NULL, provider_uid = NULL,
      latitude = NULL, longitude = NULL, home_latitude = NULL, home_longitude = NULL, home_address = NULL,
      notify_radius_km = NULL, notify_food_types = NULL, locale = NULL
    WHERE id = ${id}`;
  await rewriteAccountCopies(tx, id, erased);
  await tx`UPDATE favorites SET deleted = true WHERE user_id = ${id} AND NOT deleted`;
  await tx`DELETE FROM account_links WHERE user_id = ${id}`;
  await tx`DELETE FROM push_subscriptions WHERE user_id = ${id}`;
  await tx`DELETE FROM notifications WHERE user_id = ${id}`;
  await tx`DELETE FROM idempotency_keys WHERE user_id = ${id}`;
  await tx`DELETE FROM login_attempts WHERE email = ${removed.email}`;
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
