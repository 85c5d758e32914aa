// What the conversation screens decide without asking anyone (issue 48): who may remove a message, and when the
// composer starts counting. The server decides again (DELETE /messages/{id}); these only choose what to offer.
import type { Role } from '@foodbridge/shared/constants';
import { MESSAGE_MAX_CHARS, MESSAGE_REMOVE_MINUTES } from '@foodbridge/shared/schemas/message';
import type { ConversationMessage } from '@/lib/db/conversations';

const REMOVE_WINDOW_MS = MESSAGE_REMOVE_MINUTES * 60_000;

/** The composer shows its count from here on: below it, a count is noise. */
export const COUNT_FROM = MESSAGE_MAX_CHARS - 200;

/**
 * Whether the viewer is offered Remove: an admin on any message, an author on their own for MESSAGE_REMOVE_MINUTES.
 * Never on one still on this device only (waiting or refused): the server has nothing to remove yet.
 */
export function mayRemove(message: ConversationMessage, role: Role, now: number): boolean {
  if (message.outbox) return false;
  if (role === 'admin') return true;
  return message.mine && now - Date.parse(message.createdAt) < REMOVE_WINDOW_MS;
}

/** When the next of the viewer's own messages stops being removable (so the screen can take its button away then). */
export function nextRemovalEnd(messages: readonly ConversationMessage[], role: Role, now: number): number | undefined {
  if (role === 'admin') return undefined;
  let next: number | undefined;
  for (const m of messages) {
    if (!mayRemove(m, role, now)) continue;
    const end = Date.parse(m.createdAt) + REMOVE_WINDOW_MS;
    if (next === undefined || end < next) next = end;
  }
  return next;
}

/** The last message of another side that reached the server: a new one means there is something to mark read. */
export function lastIncomingId(messages: readonly ConversationMessage[] | undefined): string | undefined {
  if (!messages) return undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (!m.mine && !m.outbox) return m._id;
  }
  return undefined;
}

/** A badge shows up to 99. */
export const unreadBadgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));
