import { z } from 'zod';
import { MSG } from '../messages.ts';

export const IdSchema = z.uuid({ message: MSG.invalidId });

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

export interface Inserted {
  insertedId: string;
}
export interface Deleted {
  deletedCount: number;
}
