// How every form turns a failed safeParse of a shared schema into the one message it shows under each input, in the
// reader's language.
import { errorText, issueError, type IssueLike } from '@foodbridge/shared/errors';
import { errorMessage } from '@/lib/api-client';

/**
 * A problem the shared schemas found, in the reader's language. Their messages are codes of shared/src/errors.ts
 * (the same ones the server answers with), so the code's translation is shown, with the parts the issue gives (a
 * limit, a list of choices), or its English sentence from the table; a message that is no code (zod's own words)
 * stays as it is.
 */
export function issueMessage(issue: IssueLike): string {
  const found = issueError(issue);
  return found ? errorMessage(found.code, errorText(found.code, found.values), found.values) : issue.message;
}

/**
 * The first message per field (a field shows one problem at a time), translated. A problem that belongs to no field
 * is dropped: no input could show it, and the server answers the same body with its own readable message.
 */
export function firstErrors(issues: ReadonlyArray<IssueLike & { path: ReadonlyArray<PropertyKey> }>): Record<string, string> {
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
