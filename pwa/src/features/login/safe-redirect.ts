/**
 * Where to go after signing in, when it is a path of this app; anything else (an absolute or protocol-relative URL
 * would make the sign-in page an open redirect) gives undefined. Checked by the sign-in pages themselves, not the
 * route: route options load with the signed-out home page, whose JavaScript budget is spent.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Coming back to a sign-in page after signing in would loop.
  if (/^\/(login|registration)(?=[/?#]|$)/i.test(value)) return undefined;
  return value;
}
