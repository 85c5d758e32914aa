import { createFileRoute } from '@tanstack/react-router';
import { ROLES } from '@foodbridge/shared/constants';
import { RequireAuth } from '@/features/auth/require-auth';
import { AlertsPrompt } from '@/features/charity/components/alerts-prompt';
import { DashboardHome } from '@/features/dashboard/dashboard-home';
import { VerifyEmailNotice } from '@/features/login/verify-email-notice';

// Spec: a role the dashboard does not know gets Access Denied.
export const Route = createFileRoute('/dashBoard/')({
  component: () => (
    <RequireAuth roles={ROLES}>
      <VerifyEmailNotice />
      <DashboardHome prompt={<AlertsPrompt />} />
    </RequireAuth>
  ),
});
