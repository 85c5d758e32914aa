// Messages on a donation request (issue 48): the restaurant and the charity talk where the pickup is. Each charity's
// request is a conversation between the restaurant's members and that charity's, readable by admins.
import { z } from 'zod';
import { code } from '../error-code.ts';
import { imageUrl, requiredText } from './common.ts';

/** The longest message, in characters. */
export const MESSAGE_MAX_CHARS = 2000;
/** An author may take back their own message this long after writing it. */
export const MESSAGE_REMOVE_MINUTES = 5;
/** A conversation closes for writing this long after the pickup, or after its donation's end. */
export const CONVERSATION_OPEN_DAYS = 7;

export const MESSAGE_SIDES = ['restaurant', 'charity', 'admin'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** `POST /donation-requests/{id}/messages`. */
export const MessageCreateSchema = z.object({
  body: requiredText('validation/message-required', MESSAGE_MAX_CHARS),
  /** One of our own pictures (`/images/{id}`), as a donation's. */
  image: imageUrl('validation/image-required').optional(),
});
export type MessageCreate = z.input<typeof MessageCreateSchema>;

/** `PUT /donation-requests/{id}/messages/mute`. */
export const ConversationMuteSchema = z.object({ muted: z.boolean({ message: code('validation/muted-boolean') }) });

export const MessageSchema = z.object({
  _id: z.string(),
  requestId: z.string(),
  donationId: z.string(),
  authorName: z.string(),
  authorSide: z.enum(MESSAGE_SIDES),
  body: z.string(),
  image: z.string().optional(),
  createdAt: z.string(),
  /** Whether the caller wrote it. */
  mine: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;

/** What `POST .../messages/read` and `PUT .../messages/mute` answer: the caller's state of the conversation. */
export const ConversationStateSchema = z.object({ unreadMessages: z.number().int(), muted: z.boolean() });
