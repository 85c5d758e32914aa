import { RATE_LIMITS } from '@foodbridge/shared';
import { ConversationMuteSchema, ConversationStateSchema, MESSAGE_REMOVE_MINUTES, MessageCreateSchema, MessageSchema } from '@foodbridge/shared/schemas/message';
import { canReadConversation, canRemoveMessage, canWriteMessage, conversationSide, enforce } from '../auth/permissions.ts';
import { recordHistory } from '../db/history.ts';
import { findStoredAnswer, storeAnswer } from '../db/idempotency.ts';
import {
  conversationClosesAt,
  conversationState,
  findConversation,
  findMessage,
  insertMessage,
  listMessages,
  markConversationRead,
  messageReaders,
  removeMessage,
  setConversationMuted,
  toMessage,
} from '../db/messages.ts';
import { insertNotifications, markMessageNotificationsRead, renderNotifications } from '../db/notifications.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../http/errors.ts';
import { idempotencyKey, replay } from '../http/idempotency.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { byAccount } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { Deleted, err, Inserted, list, ok, UUID } from '../openapi/responses.ts';

// Messages on a donation request (issue 48): each charity's request is a conversation between the donation's
// restaurant and that charity (their members), readable by admins; once accepted, it is the pickup's conversation.

const requestId = { id: 'The donation request’s id: the conversation’s.' };
const NOT_FOUND = err('No such request, or not one of the caller’s conversations.', 'not-found/donation-request');
/** How much of a message its notification shows. */
const EXCERPT_CHARS = 120;

/** The conversation, if the caller is one of its sides (or an admin). */
async function conversationFor(deps: Pick<Deps, 'sql'>, user: AuthUser, id: string) {
  const conversation = await findConversation(deps.sql, id);
  if (!conversation) throw notFound('not-found/donation-request');
  const read = canReadConversation(user, conversation);
  enforce(read);
  return { conversation, side: read.side };
}

export const messageRoutes = [
  route(
    {
      method: 'get',
      path: '/donation-requests/:id/messages',
      summary: 'A request’s conversation, oldest first',
      description: 'The restaurant’s and the charity’s members, and admins. Removed messages are left out.',
      tags: ['Messages'],
      security: 'bearer',
      list: true,
      params: requestId,
      responses: { 200: list('Messages.', MessageSchema), 404: NOT_FOUND },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      await conversationFor(deps, user, id);
      const page = parsePage(c);
      const rows = pageOf(c, await listMessages(deps.sql, id, page), page);
      return c.json(rows.map((r) => toMessage(r, user.id)));
    },
  ),
  route(
    {
      method: 'post',
      path: '/donation-requests/:id/messages',
      summary: 'Write in a request’s conversation',
      description:
        'Safe to retry with the same `Idempotency-Key` (a device sending what it wrote offline): the first answer is replayed, never a second message. The other side is told (unless it muted the conversation).',
      tags: ['Messages'],
      security: 'bearer',
      params: requestId,
      limits: [byAccount('message', RATE_LIMITS.messagesPerAccount, 'messages')],
      headers: [{ name: 'Idempotency-Key', description: 'A unique string per message written; a retry with the same key gets the stored answer.' }],
      body: { schema: MessageCreateSchema, example: { body: 'At the back door on Elm Street, ring twice.', image: `/images/${UUID}` } },
      responses: {
        201: ok('Written (or the stored answer to the same Idempotency-Key).', Inserted),
        400: err('Empty, too long, or a picture that is not ours.', 'request/idempotency-key-too-long'),
        404: NOT_FOUND,
        409: err('The conversation has closed.', 'messages/closed'),
        422: err('This Idempotency-Key was already used for a different request.', 'request/idempotency-key-reused'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const body = await parseJson(c, MessageCreateSchema);
      const key = idempotencyKey(c);
      const scope = `message:${id}`;
      if (key) {
        const stored = await findStoredAnswer(deps.sql, user.id, key);
        if (stored) return replay(c, stored, scope);
      }
      const outcome = await deps.sql.begin(async (tx) => {
        // A duplicate sent at the same moment waits on the first one's key, then finds its answer.
        if (key) {
          await tx`SELECT pg_advisory_xact_lock(hashtext(${`${user.id}:${key}`}))`;
          const stored = await findStoredAnswer(tx, user.id, key);
          if (stored) return { stored };
        }
        const conversation = await findConversation(tx, id);
        if (!conversation) throw notFound('not-found/donation-request');
        const write = canWriteMessage(user, conversation, conversationClosesAt(conversation));
        enforce(write);
        const row = await insertMessage(tx, { requestId: id, donationId: conversation.donation_id, author: user, side: write.side, body: body.body, image: body.image });
        // Read up to here by its author's side: one's own message is never unread.
        await markConversationRead(tx, user.id, id, write.side);
        await markMessageNotificationsRead(tx, user.id, conversation.donation_id);
        const others = [
          ...(write.side !== 'restaurant' ? await messageReaders(tx, conversation.restaurant_id, id, user.id) : []),
          ...(write.side !== 'charity' ? await messageReaders(tx, conversation.charity_id, id, user.id) : []),
        ];
        const excerpt = body.body.length > EXCERPT_CHARS ? `${body.body.slice(0, EXCERPT_CHARS - 1)}…` : body.body;
        await insertNotifications(
          tx,
          await renderNotifications(
            tx,
            others.map((userId) => ({
              userId,
              kind: 'message.received' as const,
              facts: { donationId: conversation.donation_id, donationTitle: conversation.donation_title, byName: user.name, excerpt },
            })),
          ),
        );
        const answer = { insertedId: row.id };
        if (key && !(await storeAnswer(tx, { userId: user.id, key, scope, statusCode: 201, body: answer }))) throw conflict('request/idempotency-key-reused');
        return { answer };
      });
      if (outcome.stored) return replay(c, outcome.stored, scope);
      return c.json(outcome.answer, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/donation-requests/:id/messages/read',
      summary: 'Mark a conversation read (on every device of the caller)',
      description: 'Its notifications of new messages are marked read with it.',
      tags: ['Messages'],
      security: 'bearer',
      params: requestId,
      responses: { 200: ok('The caller’s state of the conversation now.', ConversationStateSchema), 404: NOT_FOUND },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const { side, conversation } = await conversationFor(deps, user, id);
      await markConversationRead(deps.sql, user.id, id, side);
      await markMessageNotificationsRead(deps.sql, user.id, conversation.donation_id);
      return c.json(await conversationState(deps.sql, user.id, id, side));
    },
  ),
  route(
    {
      method: 'put',
      path: '/donation-requests/:id/messages/mute',
      summary: 'Mute or unmute a conversation for the caller',
      description: 'A muted conversation tells the caller of nothing new; its unread count still shows.',
      tags: ['Messages'],
      security: 'bearer',
      params: requestId,
      body: { schema: ConversationMuteSchema, example: { muted: true } },
      responses: { 200: ok('The caller’s state of the conversation now.', ConversationStateSchema), 400: err('Invalid input.'), 404: NOT_FOUND },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const { muted } = await parseJson(c, ConversationMuteSchema);
      const { side } = await conversationFor(deps, user, id);
      await setConversationMuted(deps.sql, user.id, id, muted);
      return c.json(await conversationState(deps.sql, user.id, id, side));
    },
  ),
  route(
    {
      method: 'delete',
      path: '/messages/:id',
      summary: 'Remove a message (an admin; its author within minutes)',
      description: `An admin removes any message; its author may take it back within ${MESSAGE_REMOVE_MINUTES} minutes. The history keeps that it was removed, and by whom, not its words.`,
      tags: ['Messages'],
      security: 'bearer',
      params: { id: 'The message’s id.' },
      responses: {
        200: ok('Removed.', Deleted),
        403: err('Neither an admin nor its author.', 'messages/remove-not-author'),
        404: err('No such message (or not in one of the caller’s conversations).', 'not-found/message'),
        409: err('Its author’s minutes to take it back have passed.', 'messages/remove-too-late'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      await deps.sql.begin(async (tx) => {
        const message = await findMessage(tx, id);
        const conversation = message && (await findConversation(tx, message.request_id));
        if (!message || !conversation || !conversationSide(user, conversation)) throw notFound('not-found/message');
        enforce(canRemoveMessage(user, message));
        if (!(await removeMessage(tx, id, user.id))) throw notFound('not-found/message');
        await recordHistory(tx, {
          actor: user,
          kind: 'message.removed',
          donationId: message.donation_id,
          requestId: message.request_id,
          detail: { messageId: id, authorSide: message.author_side, authorName: message.author_name, byAuthor: message.author_id === user.id },
        });
      });
      return c.json({ deletedCount: 1 });
    },
  ),
];
