import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { Role } from '@foodbridge/shared/constants';
import { Spinner } from '@/components/ui/skeleton';
import { AccessDenied } from './access-denied';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';

/**
 * Sends a signed-out visitor to /login once, remembering the page they asked for. A <Navigate> element would fire
 * again on every location change while the login chunk loads, nesting ?redirect= into itself.
 */
function ToLogin() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const href = useLocation({ select: (l) => l.href });
  const from = useRef(href);
  useEffect(() => {
    void navigate({ to: '/login', search: { redirect: from.current }, replace: true });
  }, [navigate]);
  return <Spinner label={i18n._('auth.redirectingToLogin')} />;
}

/**
 * The protected-route wrapper: a spinner while the session loads, /login (remembering where the visitor was) when
 * signed out, Access Denied when the role does not fit.
 */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: readonly Role[] }) {
  const i18n = useI18n();
  const { user, role, ready, loading } = useSession();
  if (!ready || loading) return <Spinner label={i18n._('auth.checkingSession')} />;
  if (!user) return <ToLogin />;
  if (roles && !roles.includes(role)) return <AccessDenied />;
  return <>{children}</>;
}
