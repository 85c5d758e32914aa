// How every form turns a failed safeParse of a shared schema into the one message it shows under each input, in the
// reader's language.
import { errorOf } from '@foodbridge/shared/errors';
import { errorMessage } from '@/lib/api-client';

/**
 * A problem the shared schemas found, in the reader's language. Their messages are the English sentences of
 * shared/src/errors.ts, each with its code (the same one the server answers with), so the code's translation is
 * shown; a sentence without a code (zod's own words) stays as it is.
 */
export function issueMessage(issue: { message: string }): string {
  const found = errorOf(issue.message);
  return found ? errorMessage(found.code, issue.message, found.values) : issue.message;
}

/**
 * The first message per field (a field shows one problem at a time), translated. A problem that belongs to no field
 * is dropped: no input could show it, and the server answers the same body with its own readable message.
 */
export function firstErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issueMessage(issue);
  }
  return errors;
}

/** Clears a field's message as soon as the visitor edits it. */
export function withoutField(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}
