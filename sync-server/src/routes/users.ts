import { z } from 'zod';
import { IdSchema, ProfileUpdateSchema, RoleUpdateSchema, UserSchema, UserUpsertSchema } from '@foodbridge/shared';
import { canDeleteUser, canSetRole, enforce, isSelfOrAdmin } from '../auth/permissions.ts';
import { recordHistory } from '../db/history.ts';
import { changeUserRole, findUserByEmail, listUsers, refreshProfileOnSignIn, softDeleteUser, toUser, updateProfile } from '../db/users.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { Deleted, err, list, Modified, ok } from '../openapi/responses.ts';

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
      responses: { 200: ok('The user.', UserSchema.extend({ insertedId: IdSchema })), 400: err('Invalid input.') },
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
    { method: 'get', path: '/users/me', summary: 'The caller’s profile', tags: ['Users'], security: 'bearer', responses: { 200: ok('The user.', UserSchema) } },
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
      responses: { 200: ok('The updated user.', z.object({ modifiedCount: z.number().int(), user: UserSchema })), 400: err('Invalid input.') },
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
