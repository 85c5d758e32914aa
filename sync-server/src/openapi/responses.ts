// The parts of a route declaration that many routes share: the answers shared/ describes only as TypeScript
// interfaces, the path parameters' schemas, and the short constructors of a route's responses.
import { z } from 'zod';
import { DonationSchema, IdSchema, type ErrorCode } from '@foodbridge/shared';
import type { DocResponse } from '../http/route.ts';

// ---- Answers that shared/ describes only as TypeScript interfaces: their shape, for the document only.
export const ErrorSchema = z.object({
  message: z.string().meta({ description: 'A sentence a person can read.' }),
  code: z.string().meta({
    description:
      'A stable machine-readable code that clients translate (shared/src/errors.ts lists every one; the identity service uses Firebase’s, e.g. auth/invalid-credential).',
  }),
  values: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .meta({ description: 'The parts of the sentence that vary (a limit, a status, a wait), for a translation to place.' }),
});
export const Inserted = z.object({ insertedId: IdSchema });
export const Modified = z.object({ modifiedCount: z.number().int() });
export const Deleted = z.object({ deletedCount: z.number().int() });
export const DonationChange = z.object({ modifiedCount: z.number().int(), donation: DonationSchema });
export const ImageUploaded = z.object({ data: z.object({ url: z.string(), id: IdSchema, width: z.number().int(), height: z.number().int() }) });
export const Jwks = z.object({ keys: z.array(z.object({ kty: z.string(), kid: z.string().optional() }).catchall(z.unknown())) });
export const MapConfig = z.object({ tilesUrl: z.string(), attribution: z.string(), geocoder: z.boolean() });
export const Health = z.object({ status: z.string(), message: z.string().optional() });


/** A success answer, and the schema of what it carries. */
export const ok = (description: string, schema?: z.ZodType, extra: Omit<DocResponse, 'description' | 'schema'> = {}): DocResponse => ({
  description,
  ...(schema ? { schema } : {}),
  ...extra,
});
/**
 * A refusal: always `{ message, code }` (ErrorSchema), so only what it means, and the codes the route itself gives for
 * it (those its declaration implies are added: http/route.ts `routeErrorCodes`).
 */
export const err = (description: string, ...codes: ErrorCode[]): DocResponse => (codes.length > 0 ? { description, codes } : { description });
/** The signed-in caller's own account was removed while the call ran. */
export const accountGone = err('The caller’s account is gone.', 'not-found/user');
export const noContent: DocResponse = { description: 'Done; no body.', media: 'none' };
/** A list: a plain array of `item`. */
export const list = (description: string, item: z.ZodType) => ok(description, z.array(item));
export const UUID = '7f3c2a4e-1b2d-4c5e-8f90-1a2b3c4d5e6f';
export const dateQuery = <const N extends string>(name: N, what: string) => ({ name, description: `${what} (ISO date or time).`, schema: z.string() });

