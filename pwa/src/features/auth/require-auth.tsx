import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@tanstack/react-router';
import type { Role } from '@foodbridge/shared/constants';
import { Spinner } from '@/components/ui/skeleton';
import { AccessDenied } from './access-denied';
import { useSession } from './session-store';

/**
 * The protected-route wrapper: a spinner while the session loads, /login (remembering where the visitor was) when
 * signed out, Access Denied when the role does not fit.
 */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: readonly Role[] }) {
  const { user, role, ready, loading } = useSession();
  const location = useLocation();
  if (!ready || loading) return <Spinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" search={{ redirect: location.href }} replace />;
  if (roles && !roles.includes(role)) return <AccessDenied />;
  return <>{children}</>;
}
