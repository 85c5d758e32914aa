// What the accept-invite page says after POST /invitations/accept failed, and what it offers to do next: pure, so each
// refusal's next step is tested without a screen. The words are the server's (translated by their code).
import { ApiError } from '@/lib/api-client';

export type AcceptRefusal =
  /** Unknown, withdrawn, expired or used: only a new invitation helps. */
  | { kind: 'invalid'; message: string }
  /** Sent to another address: sign in with that one (a forwarded link lets nobody else in). */
  | { kind: 'other-email'; message: string }
  /** A member of an organisation already (the message names it): leave it first, on its Team page. */
  | { kind: 'in-organisation'; message: string }
  /** Admins join no organisation. */
  | { kind: 'admin'; message: string }
  /** No refusal (a lost connection, server trouble): the same link may be tried again. */
  | { kind: 'failed'; message: string };

const REFUSALS: Record<string, AcceptRefusal['kind']> = {
  'invitations/invalid': 'invalid',
  'invitations/other-email': 'other-email',
  'invitations/in-organisation': 'in-organisation',
  'invitations/admin': 'admin',
};

export function acceptRefusalOf(err: unknown, fallback: string): AcceptRefusal {
  const kind = err instanceof ApiError && err.code ? REFUSALS[err.code] : undefined;
  // Server trouble's own words ("Internal error") would tell the person nothing.
  const message = err instanceof ApiError && err.message && err.status < 500 ? err.message : fallback;
  return { kind: kind ?? 'failed', message };
}
