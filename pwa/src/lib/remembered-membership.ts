// The account's member role and its charity's e-mail, kept on the device: a driver who opens My Pickups in a cellar
// has no server to ask whose page it is (GET /organisations/mine), and the local store alone cannot say; the pickup
// outbox (lib/db) knows by it which pickups are its charity's. Only these two facts are kept (no member's name or
// address), per account, and read back for that account only.
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';

export interface RememberedMembership {
  role: MemberRole;
  /** The organisation's e-mail: the `charityEmail` of its pickups (a driver's own address is not it). */
  email: string;
}

const key = (userId: string) => `foodbridge.membership.${userId}`;

export function readMembership(userId: string | undefined): RememberedMembership | undefined {
  if (!userId) return undefined;
  try {
    const raw = localStorage.getItem(key(userId));
    const value = raw ? (JSON.parse(raw) as Partial<RememberedMembership>) : null;
    return value && typeof value.role === 'string' && typeof value.email === 'string' ? { role: value.role, email: value.email } : undefined;
  } catch {
    // Unreadable or blocked storage: the page asks the server, as on a first visit.
    return undefined;
  }
}

/** Keeps the membership as just read; `undefined` forgets it (the account left, or was removed from, its charity). */
export function rememberMembership(userId: string, membership: RememberedMembership | undefined): void {
  try {
    if (membership) localStorage.setItem(key(userId), JSON.stringify(membership));
    else localStorage.removeItem(key(userId));
  } catch {
    // Storage full or blocked: known only while the page is open.
  }
}
