// Web push (issue 11, 'On the phone'): what the app sends to register a device and choose which kinds of
// notification it shows. The message itself is PushMessageSchema in notification.ts.
import { z } from 'zod';
import { code } from '../error-code.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification.ts';

/** Every kind a device may switch off. 'test' is sent only when its owner asks for it, so it is not a preference. */
export const PUSH_SWITCHABLE_KINDS = NOTIFICATION_KINDS.filter((k) => k !== 'test') as Exclude<NotificationKind, 'test'>[];

// Push services hand out endpoints of a few hundred characters; the cap keeps a stored row small.
const EndpointSchema = z.url({ message: code('validation/push-endpoint') }).max(2048);
// p256dh is an uncompressed P-256 point (65 bytes, 87 base64url characters), auth 16 bytes (22): anything else cannot
// be encrypted to, so it is refused here rather than failing at every send. The text rule is a refine rather than
// .regex(), so that its issue carries the field its sentence names (a regex check has no params); the pattern is still
// the JSON Schema's, for the API reference.
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const base64url = (field: string, bytes: number) =>
  z
    .string()
    .refine((s) => BASE64URL.test(s), { message: code('validation/push-key-format'), params: { field } })
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 6) / 8) === bytes, { message: code('validation/push-key-length'), params: { field, bytes } })
    .meta({ pattern: BASE64URL.source });

/** `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionJsonSchema = z.object({
  endpoint: EndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('keys.p256dh', 65), auth: base64url('keys.auth', 16) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJsonSchema>;

const DisabledKindsSchema = z.array(z.enum(PUSH_SWITCHABLE_KINDS)).max(PUSH_SWITCHABLE_KINDS.length);

/** POST /push/subscriptions: this device, for the caller. Without `disabledKinds` the device keeps its choices. */
export const PushSubscribeSchema = z.object({
  subscription: PushSubscriptionJsonSchema,
  disabledKinds: DisabledKindsSchema.optional(),
});
/** PATCH /push/subscriptions: the kinds this device does not show. */
export const PushPreferencesSchema = z.object({ endpoint: EndpointSchema, disabledKinds: DisabledKindsSchema });
/** DELETE /push/subscriptions (at log-out on the device). */
export const PushEndpointSchema = z.object({ endpoint: EndpointSchema });
/** POST /push/test: every device of the caller, or the one named. */
export const PushTestSchema = z.object({ endpoint: EndpointSchema.optional() });

/** The answer about one device's subscription. */
export const PushDeviceSchema = z.object({ endpoint: z.string(), disabledKinds: z.array(z.enum(PUSH_SWITCHABLE_KINDS)), createdAt: z.string() });
export type PushDevice = z.infer<typeof PushDeviceSchema>;
/** The answer of POST /push/test: how many devices the push services took it for, and how many had gone away. */
export const PushSendResultSchema = z.object({ sent: z.number().int(), removed: z.number().int(), failed: z.number().int() });
export type PushSendResult = z.infer<typeof PushSendResultSchema>;
