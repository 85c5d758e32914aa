/** Marks an input invalid and points screen readers at the message `Field` shows under it (`${id}-error`). */
export const errorAria = (id: string, error: string | undefined) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** The id, name and error wiring of a form control whose id is its name and whose message is `errors[name]`. */
export const namedControl = (name: string, errors: Record<string, string>) => ({ id: name, name, ...errorAria(name, errors[name]) });
