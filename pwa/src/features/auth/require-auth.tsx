import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { Role } from '@foodbridge/shared/constants';
import { Spinner } from '@/components/ui/skeleton';
import { AccessDenied } from './access-denied';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';

/** The login page's paths: the spec's and its alias (/logIn). */
const isLoginPath = (href: string) => href.split(/[?#]/)[0]!.toLowerCase() === '/login';

/**
 * Sends a signed-out visitor to /login, remembering the page they asked for. While the login page loads, the location
 * already reads /login?redirect=...: sending again then would nest ?redirect= into itself. But a page opened before
 * it has loaded (a tap, the back button) cancels that navigation; the dashboard's guard stays mounted across its
 * pages, so it sends again, for the page now asked for, or the visitor would be left on this spinner.
 */
function ToLogin() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const href = useLocation({ select: (l) => l.href });
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (isLoginPath(href) || sentFor.current === href) return;
    sentFor.current = href;
    void navigate({ to: '/login', search: { redirect: href }, replace: true });
  }, [navigate, href]);
  return <Spinner label={i18n._('auth.redirectingToLogin')} />;
}

/**
 * The protected-route wrapper: a spinner while the session loads, /login (remembering where the visitor was) when
 * signed out, Access Denied when the role does not fit.
 */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: readonly Role[] }) {
  const i18n = useI18n();
  const { user, role, ready, loading, confirming } = useSession();
  if (!ready || loading) return <Spinner label={i18n._('auth.checkingSession')} />;
  if (!user) return <ToLogin />;
  // A role kept from the last visit may be out of date (someone just made a charity): the server's word decides.
  if (roles && !roles.includes(role)) return confirming ? <Spinner label={i18n._('auth.checkingSession')} /> : <AccessDenied />;
  return <>{children}</>;
}
