import { z } from 'zod';
import { MSG } from '../messages.ts';

export const IdSchema = z.uuid({ message: MSG.invalidId });
export const IsoDateSchema = z.string();

/** Trimmed, required text with the spec's message when empty. */
export function requiredText(message: string, max = 2000) {
  return z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `At most ${max} characters` });
}

export const EmailSchema = z
  .string({ message: MSG.emailRequired })
  .trim()
  .min(1, { message: MSG.emailRequired })
  .pipe(z.email({ message: MSG.emailInvalid }))
  .transform((e) => e.toLowerCase());

export const ListResult = <T extends z.ZodType>(item: T) => z.array(item);
export const InsertedSchema = z.object({ insertedId: z.string() });
export const DeletedSchema = z.object({ deletedCount: z.number() });
export const ModifiedSchema = z.object({ modifiedCount: z.number() });
export type Inserted = z.infer<typeof InsertedSchema>;
export type Deleted = z.infer<typeof DeletedSchema>;
export type Modified = z.infer<typeof ModifiedSchema>;
export const ErrorBodySchema = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
