import { NotificationSchema } from '@foodbridge/shared';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  toNotification,
  unreadNotificationCount,
} from '../db/notifications.ts';
import { notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId } from '../http/validate.ts';
import { err, list, Modified, ok } from '../openapi/responses.ts';

/**
 * The signed-in person's own notifications (issue 11). Every query is bound to the caller's account, so another
 * person's notification is simply not found: its id answers 404, as an id that never existed.
 */
export const notificationRoutes = [
  route(
    {
      method: 'get',
      path: '/notifications',
      summary: 'The caller’s notifications',
      tags: ['Notifications'],
      security: 'bearer',
      list: true,
      responses: {
        200: {
          ...list('Notifications, newest first.', NotificationSchema),
          headers: { 'X-Unread-Count': { description: 'How many of the caller’s notifications are unread (all of them, not only this page’s).' } },
        },
      },
    },
    async (c, { deps, user }) => {
      const page = parsePage(c);
      const rows = pageOf(c, await listNotifications(deps.sql, user.id, page), page);
      c.header('X-Unread-Count', String(await unreadNotificationCount(deps.sql, user.id)));
      return c.json(rows.map(toNotification));
    },
  ),
  route(
    {
      method: 'patch',
      path: '/notifications/:id/read',
      summary: 'Mark a notification read',
      tags: ['Notifications'],
      security: 'bearer',
      params: { id: 'The notification’s id.' },
      responses: { 200: ok('The notification.', NotificationSchema), 404: err('No such notification of the caller.', 'not-found/notification') },
    },
    async (c, { deps, user }) => {
      const row = await markNotificationRead(deps.sql, user.id, parseId(c.req.param('id')));
      if (!row) throw notFound('not-found/notification');
      return c.json(toNotification(row));
    },
  ),
  route(
    {
      method: 'post',
      path: '/notifications/read-all',
      summary: 'Mark every notification read',
      tags: ['Notifications'],
      security: 'bearer',
      responses: { 200: ok('Marked.', Modified) },
    },
    async (c, { deps, user }) => c.json({ modifiedCount: await markAllNotificationsRead(deps.sql, user.id) }),
  ),
];
