// The error codes a shared schema can give (issue 44): its messages are codes (shared/src/error-code.ts), held by zod
// as each check's and each type's `error`. A route's declaration lists what its body and query schemas can answer
// from here, so a rule added to a schema appears in the API reference without a second list.
//
// It reads zod 4's definitions (`schema._zod.def`), which zod documents for tools that walk schemas. A rule over
// several fields must be a `.refine` with its path and code, not a `superRefine` (whose codes are inside a function):
// testing/answered-errors.ts fails a test that provokes a code this does not find.
import { isErrorCode, type ErrorCode } from '@foodbridge/shared';
import type { z } from 'zod';

interface Def {
  type?: string;
  error?: (issue: unknown) => unknown;
  checks?: { _zod: { def: Def } }[];
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

// An error function may choose by the input (BestBeforeSchema: missing or not a date): asked for both.
const PROBES = [{ input: undefined }, { input: 0 }, { input: '' }];

function codesOfError(error: Def['error'], into: Set<ErrorCode>) {
  if (!error) return;
  for (const probe of PROBES) {
    let given: unknown;
    try {
      given = error({ ...probe, path: [] });
    } catch {
      continue;
    }
    const message = typeof given === 'object' && given !== null ? (given as { message?: unknown }).message : given;
    if (typeof message === 'string' && isErrorCode(message)) into.add(message);
  }
}

/** Every code a failed parse of `schema` can carry (zod's own words, 'validation/invalid', aside). */
export function schemaCodes(schema: z.ZodType): Set<ErrorCode> {
  const found = new Set<ErrorCode>();
  const seen = new Set<Def>();
  const walk = (s: unknown) => {
    const def = defOf(s);
    if (!def || seen.has(def)) return;
    seen.add(def);
    codesOfError(def.error, found);
    for (const check of def.checks ?? []) codesOfError(check._zod.def.error, found);
    // Whatever the kind, its parts are among these fields (object shape, wrapped type, pipe ends, options, items).
    const shape = def.shape as Record<string, unknown> | undefined;
    if (shape) for (const field of Object.values(shape)) walk(field);
    for (const key of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'catchall', 'left', 'right', 'rest']) walk(def[key]);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option);
    for (const item of (def.items as unknown[] | undefined) ?? []) walk(item);
  };
  walk(schema);
  return found;
}
