// Search params of /login and /registration. Hand-written rather than zod: route options load with the app shell,
// and full zod would cost the home page 23 kB.

export interface AuthSearch {
  /** Where to go after signing in: the page RequireAuth sent the visitor away from. */
  redirect?: string | undefined;
}

/** Only a path of this app: an absolute or protocol-relative URL would make the sign-in page an open redirect. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Coming back to a sign-in page after signing in would loop.
  if (/^\/(login|registration)(?=[/?#]|$)/i.test(value)) return undefined;
  return value;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const redirect = safeRedirect(search.redirect);
  return redirect ? { redirect } : {};
}
