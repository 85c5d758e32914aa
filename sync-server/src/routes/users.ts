import { z } from 'zod';
import {
  AccountDeleteSchema,
  AccountExportSchema,
  IdSchema,
  ProfileUpdateSchema,
  RoleUpdateSchema,
  UserSchema,
  UserUpsertSchema,
} from '@foodbridge/shared';
import type { AuthUser } from '../auth/auth-user.ts';
import { confirmOwner, RECENT_SIGN_IN_MINUTES } from '../auth/confirm-owner.ts';
import { canDeleteOwnAccount, canDeleteUser, canSetRole, enforce, isSelfOrAdmin } from '../auth/permissions.ts';
import { accountExport } from '../db/account-export.ts';
import type { TxSql } from '../db/connection.ts';
import { lockRequestsOfDonation, softDeleteRequest } from '../db/donation-requests.ts';
import { lockDonation } from '../db/donations.ts';
import { releaseToRestaurant } from './donation-requests.ts';
import { standingInOrganisation } from '../db/organisations.ts';
import { recordHistory, type HistoryActor } from '../db/history.ts';
import {
  accountCommitments,
  changeUserRole,
  eraseAccount,
  erasedIdentity,
  findUserByEmail,
  hasOtherAdmin,
  listUsers,
  lockAccount,
  pickupsGivenTo,
  refreshProfileOnSignIn,
  softDeleteUser,
  toUser,
  updateProfile,
} from '../db/users.ts';
import { badRequest, notFound, unauthorized } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { Deleted, err, list, Modified, ok, accountGone } from '../openapi/responses.ts';

export const userRoutes = [
  route(
    { method: 'get', path: '/users', summary: 'Every user (admin)', tags: ['Users'], security: 'bearer', roles: ['admin'], list: true, responses: { 200: list('Users.', UserSchema), 403: err('Admins only.') } },
    async (c, { deps }) => {
      const page = parsePage(c);
      return c.json(pageOf(c, await listUsers(deps.sql, page), page).map(toUser));
    },
  ),
  // Spec: upsert of the signed-in user after sign-in. Identity comes from the token; the body's e-mail and role
  // are ignored, so nobody can register someone else or pick their own role.
  route(
    {
      method: 'post',
      path: '/users',
      summary: 'Create or update the caller’s own user row after sign-in',
      tags: ['Users'],
      security: 'bearer',
      body: { schema: UserUpsertSchema, example: { name: 'Sam Rivera' } },
      responses: { 200: ok('The user.', UserSchema.extend({ insertedId: IdSchema })), 400: err('Invalid input.'), 404: accountGone },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, UserUpsertSchema);
      // `authenticate` found or made the account already; this call only fills in what sign-in knows.
      const row = await refreshProfileOnSignIn(deps.sql, user.id, { name: body.name ?? user.name, photoURL: body.photoURL });
      if (!row) throw notFound('not-found/user');
      return c.json({ ...toUser(row), insertedId: row.id });
    },
  ),
  route(
    { method: 'get', path: '/users/me', summary: 'The caller’s profile', tags: ['Users'], security: 'bearer', responses: { 200: ok('The user.', UserSchema), 404: accountGone } },
    (c) => {
      const row = c.get('userRow');
      if (!row) throw notFound('not-found/user');
      return c.json(toUser(row));
    },
  ),
  route(
    {
      method: 'patch',
      path: '/users/me',
      summary: 'Update the caller’s profile',
      description: 'Only the fields given change. `locale` is the language the app switches to after sign-in and the one notifications, pushes and e-mails are written in.',
      tags: ['Users'],
      security: 'bearer',
      body: { schema: ProfileUpdateSchema, example: { name: 'Sam Rivera', phone: '+1 555 0100', latitude: 52.52, longitude: 13.405, locale: 'es' } },
      responses: { 200: ok('The updated user.', z.object({ modifiedCount: z.number().int(), user: UserSchema })), 400: err('Invalid input.'), 404: accountGone },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, ProfileUpdateSchema);
      const row = await updateProfile(deps.sql, user.id, body);
      if (!row) throw notFound('not-found/user');
      return c.json({ modifiedCount: 1, user: toUser(row) });
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/export',
      summary: 'Download everything the caller’s account wrote',
      description:
        'One JSON file (`Content-Disposition: attachment`): the profile, notification settings and push devices, donations posted, pickups given to it with their reports, donation requests, reviews, favourites and charity-role requests, removed ones too (flagged `_deleted`). No password hash, token or push key.',
      tags: ['Users'],
      security: 'bearer',
      responses: {
        200: ok('The account’s data.', AccountExportSchema, {
          headers: {
            'Content-Disposition': { description: '`attachment; filename="foodbridge-<date>.json"`.' },
            'Cache-Control': { description: '`private, no-store`.' },
          },
        }),
        404: accountGone,
      },
    },
    async (c, { deps, user }) => {
      const data = await accountExport(deps.sql, user.id);
      if (!data) throw notFound('not-found/user');
      c.header('Content-Disposition', `attachment; filename="foodbridge-${data.exportedAt.slice(0, 10)}.json"`);
      // Someone's own records: not kept by caches.
      c.header('Cache-Control', 'private, no-store');
      return c.json(data);
    },
  ),
  // Before DELETE /users/:id, which would take `me` for an id.
  route(
    {
      method: 'delete',
      path: '/users/me',
      summary: 'Delete the caller’s own account',
      description:
        `Proof first: \`password\` on the built-in provider; with Firebase, a sign-in within the last ${RECENT_SIGN_IN_MINUTES} minutes (else 403 \`auth/requires-recent-login\`: sign in again and repeat). ` +
        'A restaurant with donations not yet picked up, or a charity with pickups accepted for it, gets 409 (`account/has-open-donations` or `account/has-accepted-pickups`, with `values.count`) saying what happens to them; the app asks the person and sends the same call again with `confirm: true`. ' +
        'Then every session ends; open donations and pending requests are withdrawn, pickups accepted for a charity go back to their restaurant, and the account’s name becomes “Deleted account” wherever its donations, requests, reviews and history show it; its e-mail is freed (it may register again), its profile, favourites, devices and notifications are removed. The last admin cannot delete their account (409 `account/last-admin`). A Firebase user stays in Firebase: the app deletes it there.',
      tags: ['Users'],
      security: 'bearer',
      body: { schema: AccountDeleteSchema, example: { password: 'a-long-passphrase', confirm: true }, required: false },
      responses: {
        200: ok('Deleted.', Deleted),
        400: err('Invalid input, or no password (built-in provider).', 'validation/password-required'),
        401: err('The password is wrong.', 'auth/invalid-credential'),
        403: err('Firebase: the last sign-in is not recent enough.', 'auth/requires-recent-login'),
        409: err(
          'Deleting would change others’ donations or pickups (send `confirm: true`); or this is the last admin, or the founder or owner of an organisation others are members of.',
          'account/has-open-donations',
          'account/has-accepted-pickups',
          'account/last-admin',
          'organisations/founder-stays',
          'organisations/owner-cannot-leave',
        ),
        429: err('Too many wrong passwords.', 'auth/too-many-requests'),
      },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, AccountDeleteSchema);
      await confirmOwner(c, deps, c.get('userRow')!, body.password);
      const deleted = await deps.sql.begin((tx) => deleteOwnAccount(tx, user, body.confirm === true));
      if (!deleted) throw unauthorized('auth/user-not-found');
      return c.json({ deletedCount: 1 });
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/search',
      summary: 'A user by e-mail',
      tags: ['Users'],
      security: 'bearer',
      query: [{ name: 'email', description: 'The e-mail (one’s own unless admin).', schema: z.email(), required: true }],
      responses: { 200: ok('The user.', UserSchema), 400: err('email is required.', 'request/email-required'), 403: err('Not yours.', 'access/denied'), 404: err('No such user.', 'not-found/user') },
    },
    async (c, { deps, user }) => {
      const email = c.req.query('email');
      if (!email) throw badRequest('request/email-required');
      enforce(isSelfOrAdmin(user, email));
      const row = await findUserByEmail(deps.sql, email);
      if (!row) throw notFound('not-found/user');
      return c.json(toUser(row));
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/role/:email',
      summary: 'The role of a user',
      tags: ['Users'],
      security: 'bearer',
      params: { email: 'The user’s e-mail (one’s own unless admin).' },
      responses: { 200: ok('The role.', z.object({ role: UserSchema.shape.role })), 403: err('Not yours.', 'access/denied'), 404: err('No such user.', 'not-found/user') },
    },
    async (c, { deps, user }) => {
      const email = c.req.param('email')!;
      enforce(isSelfOrAdmin(user, email));
      // Same match as findUserByEmail, so asking about oneself answers from the row `authenticate` loaded.
      const row = email.trim().toLowerCase() === user.email ? c.get('userRow') : await findUserByEmail(deps.sql, email);
      if (!row) throw notFound('not-found/user');
      return c.json({ role: row.role });
    },
  ),
  route(
    {
      method: 'patch',
      path: '/users/role/:id',
      summary: 'Change a user’s role (admin)',
      tags: ['Users'],
      security: 'bearer',
      roles: ['admin'],
      params: { id: 'The user’s id.' },
      body: { schema: RoleUpdateSchema, example: { role: 'restaurant' } },
      responses: {
        200: ok('Changed (`modifiedCount: 0`: no such user, or it has that role already).', Modified),
        400: err('Invalid input, or an admin removing their own admin role.', 'users/own-admin-role'),
        403: err('Admins only.'),
      },
    },
    async (c, { deps, user: admin }) => {
      const id = parseId(c.req.param('id'));
      const { role } = await parseJson(c, RoleUpdateSchema);
      enforce(canSetRole(admin, id, role));
      const modifiedCount = await deps.sql.begin(async (tx) => {
        const before = await changeUserRole(tx, id, role);
        if (!before) return 0;
        await recordHistory(tx, {
          actor: admin,
          kind: 'user.role-changed',
          fromState: before.role,
          toState: role,
          detail: { userId: id, email: before.email, name: before.name },
        });
        return 1;
      });
      return c.json({ modifiedCount });
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/:id',
      summary: 'Remove a user (admin)',
      tags: ['Users'],
      security: 'bearer',
      roles: ['admin'],
      params: { id: 'The user’s id.' },
      responses: { 200: ok('Removed (`deletedCount: 0`: no such user).', Deleted), 400: err('An admin removing their own account.', 'users/own-account'), 403: err('Admins only.') },
    },
    async (c, { deps, user: admin }) => {
      const id = parseId(c.req.param('id'));
      enforce(canDeleteUser(admin, id));
      const deletedCount = await deps.sql.begin(async (tx) => {
        const removed = await softDeleteUser(tx, id);
        if (!removed) return 0;
        await recordHistory(tx, {
          actor: admin,
          kind: 'user.deleted',
          fromState: removed.role,
          detail: { userId: id, email: removed.email, name: removed.name },
        });
        return 1;
      });
      return c.json({ deletedCount });
    },
  ),
];

/**
 * The owner's deletion of their account, in one transaction: asked first whether it may go ahead (canDeleteOwnAccount),
 * then erased (db/users.ts eraseAccount). Pickups accepted for a charity go back to their restaurants, as when an admin
 * removes the accepted request: Verified again, the requests turned down for it Pending again, and the restaurant told
 * that the request was cancelled. False when the account is gone already.
 */
async function deleteOwnAccount(tx: TxSql, user: AuthUser, confirmed: boolean): Promise<boolean> {
  // Lock order: the account (and, for an admin, the other admins' in id order), then its donations, then their
  // requests (eraseAccount, then each given donation again as lockDonation takes it).
  const account = await lockAccount(tx, user.id);
  if (!account) return false;
  const otherAdmin = account.role === 'admin' ? await hasOtherAdmin(tx, user.id) : true;
  const organisation = await standingInOrganisation(tx, user.id);
  enforce(canDeleteOwnAccount({ ...user, role: account.role }, { otherAdmin, ...(await accountCommitments(tx, user.id)), confirmed, organisation }));
  const pickups = await pickupsGivenTo(tx, user.id);
  const removed = await eraseAccount(tx, user.id);
  if (!removed) return false;
  // What it does from here on is recorded under the name it has now: the history keeps no trace of the old one.
  const actor = erasedIdentity(user.id);
  for (const donationId of pickups) await givePickupBack(tx, actor, donationId);
  await recordHistory(tx, { actor, kind: 'user.deleted', fromState: removed.role, detail: { userId: user.id, self: true } });
  return true;
}

/** A donation given to the deleting charity goes back to its restaurant (call with the charity's account locked). */
async function givePickupBack(tx: TxSql, charity: HistoryActor, donationId: string): Promise<void> {
  const donation = await lockDonation(tx, donationId);
  if (!donation || donation.charity_id !== charity.id) return;
  const accepted = (await lockRequestsOfDonation(tx, donation.id)).find((r) => r.charity_id === charity.id && r.status === 'Accepted');
  if (accepted) {
    await softDeleteRequest(tx, accepted.id, false);
    await recordHistory(tx, { actor: charity, donationId: donation.id, kind: 'request.cancelled', requestId: accepted.id, fromState: 'Accepted' });
  }
  await releaseToRestaurant(tx, charity, donation);
}
