import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../config.ts';

/** The address of a caller `app.request()` was given without a socket (tests, embedded calls): they share one. */
export const UNKNOWN_ADDRESS = 'unknown';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The caller's address, as rate limits and the sign-in lock-out count it. Without TRUST_PROXY, the socket's: behind
 * a reverse proxy that is the proxy's, so every caller shares one address until the server is told how many proxies
 * to trust. With TRUST_PROXY=n, X-Forwarded-For read from the right: each trusted proxy appended the address it was
 * called from, so the n-th entry from the right is what the outermost trusted proxy saw; entries further left were
 * written by the caller and may be forged. A header shorter than that gives its leftmost entry.
 */
export function clientAddress(c: Context, config: Pick<Config, 'TRUST_PROXY'>): string {
  const socket = socketAddress(c);
  if (config.TRUST_PROXY > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (forwarded.length > 0) {
      return normalise(forwarded[Math.max(0, forwarded.length - config.TRUST_PROXY)]!);
    }
  }
  return socket ? normalise(socket) : UNKNOWN_ADDRESS;
}

/**
 * One key per caller: an IPv4 address written as IPv6 is the IPv4 address, and an IPv6 address counts as its /64,
 * the block one home or one server is given (a caller owning a /64 could otherwise take a new address per request).
 */
export function normalise(address: string): string {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1]!;
  if (!a.includes(':')) return a;
  const zoneless = a.split('%')[0]!;
  const [head = '', tail = ''] = zoneless.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = zoneless.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return a;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
