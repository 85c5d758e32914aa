import { Hono } from 'hono';
import { requireUser } from '../auth/middleware.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  toNotification,
  unreadNotificationCount,
} from '../db/notifications.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { parseId } from '../http/validate.ts';

/**
 * The signed-in person's own notifications (issue 11). Every query is bound to the caller's account, so another
 * person's notification is simply not found: its id answers 404, as an id that never existed.
 */
export const notificationRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/notifications', async (c) => {
      const user = requireUser(c);
      const page = parsePage(c);
      const rows = pageOf(c, await listNotifications(deps.sql, user.id, page), page);
      c.header('X-Unread-Count', String(await unreadNotificationCount(deps.sql, user.id)));
      return c.json(rows.map(toNotification));
    })
    .patch('/notifications/:id/read', async (c) => {
      const user = requireUser(c);
      const row = await markNotificationRead(deps.sql, user.id, parseId(c.req.param('id')));
      if (!row) throw notFound('Notification');
      return c.json(toNotification(row));
    })
    .post('/notifications/read-all', async (c) => {
      const user = requireUser(c);
      return c.json({ modifiedCount: await markAllNotificationsRead(deps.sql, user.id) });
    });
