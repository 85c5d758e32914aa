import type { Role } from '@foodbridge/shared';
import type { UserRow } from '../db/users.ts';

/** The signed-in caller as every handler and permission sees it; the role is read from the database on each call. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  photoURL?: string | undefined;
}

export function toAuthUser(row: UserRow): AuthUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role, photoURL: row.photo_url ?? undefined };
}
