// Search params of /login and /registration. Hand-written rather than zod, and unchecked here: route options load
// with the app shell, so the check (safe-redirect.ts) runs in the sign-in pages, which load on demand.

export interface AuthSearch {
  /** Where to go after signing in: the page RequireAuth sent the visitor away from. Checked before use. */
  redirect?: unknown;
}

export function validateAuthSearch({ redirect }: Record<string, unknown>): AuthSearch {
  return redirect === undefined ? {} : { redirect };
}
