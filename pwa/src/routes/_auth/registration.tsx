import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/features/login/registration-page';
import { validateAuthSearch } from '@/features/login/auth-search';

export const Route = createFileRoute('/_auth/registration')({
  validateSearch: validateAuthSearch,
  component: RegistrationRoute,
});

function RegistrationRoute() {
  const { redirect } = Route.useSearch();
  return <RegistrationPage redirect={redirect} />;
}
