// The shared schemas' messages are error codes (issue 44): `z.string().min(1, code('validation/title-required'))`.
// Apart from errors.ts, whose table only its type is taken from, so a page that parses a schema does not download the
// table: the server answers the code's English (errors.ts `errorText`) and the app's forms its translation.
import type { ErrorCode } from './errors.ts';

/** A rule's code, as zod's message for it: typed, so that a sentence, or a code the table lacks, does not compile. */
export const code = <C extends ErrorCode>(c: C): C => c;
