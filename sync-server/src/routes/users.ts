import { Hono } from 'hono';
import { ProfileUpdateSchema, RoleUpdateSchema, UserUpsertSchema } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import { canDeleteUser, canSetRole, enforce, hasRole, isSelfOrAdmin } from '../auth/permissions.ts';
import { recordHistory } from '../db/history.ts';
import { changeUserRole, findUserByEmail, listUsers, refreshProfileOnSignIn, softDeleteUser, toUser, updateProfile } from '../db/users.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { parseId, parseJson } from '../http/validate.ts';

export const userRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/users', async (c) => {
      enforce(hasRole(requireUser(c), 'admin'));
      const page = parsePage(c);
      return c.json(pageOf(c, await listUsers(deps.sql, page), page).map(toUser));
    })
    // Spec: upsert of the signed-in user after sign-in. Identity comes from the token; the body's e-mail and role
    // are ignored, so nobody can register someone else or pick their own role.
    .post('/users', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, UserUpsertSchema);
      // `authenticate` found or made the account already; this call only fills in what sign-in knows.
      const row = await refreshProfileOnSignIn(deps.sql, user.id, { name: body.name ?? user.name, photoURL: body.photoURL });
      if (!row) throw notFound('User');
      return c.json({ ...toUser(row), insertedId: row.id });
    })
    .get('/users/me', (c) => {
      requireUser(c);
      const row = c.get('userRow');
      if (!row) throw notFound('User');
      return c.json(toUser(row));
    })
    .patch('/users/me', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, ProfileUpdateSchema);
      const row = await updateProfile(deps.sql, user.id, body);
      if (!row) throw notFound('User');
      return c.json({ modifiedCount: 1, user: toUser(row) });
    })
    .get('/users/search', async (c) => {
      const email = c.req.query('email');
      if (!email) throw badRequest('email is required');
      enforce(isSelfOrAdmin(requireUser(c), email));
      const row = await findUserByEmail(deps.sql, email);
      if (!row) throw notFound('User');
      return c.json(toUser(row));
    })
    .get('/users/role/:email', async (c) => {
      const email = c.req.param('email');
      const user = requireUser(c);
      enforce(isSelfOrAdmin(user, email));
      // Same match as findUserByEmail, so asking about oneself answers from the row `authenticate` loaded.
      const row = email.trim().toLowerCase() === user.email ? c.get('userRow') : await findUserByEmail(deps.sql, email);
      if (!row) throw notFound('User');
      return c.json({ role: row.role });
    })
    .patch('/users/role/:id', async (c) => {
      const admin = requireUser(c);
      enforce(hasRole(admin, 'admin'));
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
    })
    .delete('/users/:id', async (c) => {
      const admin = requireUser(c);
      enforce(hasRole(admin, 'admin'));
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
    });
