import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/login/login-page';
import { validateAuthSearch } from '@/features/login/auth-search';

export const Route = createFileRoute('/_auth/login')({
  validateSearch: validateAuthSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
