import { useCallback } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session-store';

/**
 * With Firebase the session store is filled by an auth listener a moment after sign-in resolves; navigating to a
 * protected page before that would bounce straight back to /login.
 */
function sessionReady(timeoutMs = 5000): Promise<void> {
  if (useSession.getState().user) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = useSession.subscribe((s) => {
      if (s.user) done();
    });
  });
}

/** Goes to the page the visitor came from (already checked by safeRedirect), or home. */
export function useGoBack(redirect: string | undefined) {
  const navigate = useNavigate();
  const router = useRouter();
  return useCallback(async () => {
    await sessionReady();
    // The redirect is a whole href (path, search, hash) that no typed route describes: hand it to the history.
    if (redirect) router.history.replace(redirect);
    else await navigate({ to: '/', replace: true });
  }, [navigate, router, redirect]);
}
