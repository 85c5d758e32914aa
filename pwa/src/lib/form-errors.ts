// How every form turns a failed safeParse of a shared schema into the one message it shows under each input.

/**
 * The first message per field (a field shows one problem at a time). A problem that belongs to no field is dropped:
 * no input could show it, and the server answers the same body with its own readable message.
 */
export function firstErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Clears a field's message as soon as the visitor edits it. */
export function withoutField(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}
