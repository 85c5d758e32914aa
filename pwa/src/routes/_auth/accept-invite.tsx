import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitePage } from '@/features/login/accept-invite-page';

export const Route = createFileRoute('/_auth/accept-invite')({
  component: AcceptInvitePage,
});
