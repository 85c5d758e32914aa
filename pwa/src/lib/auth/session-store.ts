import { create } from 'zustand';
import type { Role } from '@foodbridge/shared/constants';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  photoURL?: string | undefined;
  /** False until the owner opens the link the server e-mailed; unknown (undefined) on a start without the server. */
  emailVerified?: boolean | undefined;
}

interface SessionState {
  user: SessionUser | null;
  /** 'user' until the back end says otherwise (spec section 4). */
  role: Role;
  /** True while sign-up, sign-in or sign-out runs, until the auth state next changes. */
  loading: boolean;
  /** False until the saved session (if any) has been checked at start-up. */
  ready: boolean;
  /**
   * True while a saved session opened at once (on the role kept from the last visit) waits for the server's word:
   * a screen the kept role may not see waits for it rather than saying Access Denied to someone just promoted.
   */
  confirming: boolean;
  setLoading(loading: boolean): void;
  setSession(user: SessionUser | null, role?: Role): void;
  setRole(role: Role): void;
}

export const useSession = create<SessionState>((set) => ({
  user: null,
  role: 'user',
  loading: false,
  ready: false,
  confirming: false,
  setLoading: (loading) => set({ loading }),
  setSession: (user, role) => set({ user, role: user ? (role ?? 'user') : 'user', loading: false, ready: true, confirming: false }),
  setRole: (role) => set({ role }),
}));
