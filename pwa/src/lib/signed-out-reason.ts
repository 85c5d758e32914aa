// Read by the login page only, so kept out of api-client.ts, which the signed-out home page downloads (pwa/BUDGET.md).
import { SIGNED_OUT_KEY } from './api-client';

/** Why this tab was last signed out by the server, for the login page to say (a toast may have gone by unseen). */
export const signedOutReason = {
  read: (): string | null => {
    try {
      return sessionStorage.getItem(SIGNED_OUT_KEY);
    } catch {
      return null;
    }
  },
  clear: () => {
    try {
      sessionStorage.removeItem(SIGNED_OUT_KEY);
    } catch {
      // Storage blocked: there was nothing to clear.
    }
  },
};
