import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Logo } from '@/components/layout/logo';

export const Route = createFileRoute('/_auth')({
  component: () => (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-background">
      <header className="mx-auto flex h-16 w-full max-w-7xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Outlet />
      </main>
    </div>
  ),
});
