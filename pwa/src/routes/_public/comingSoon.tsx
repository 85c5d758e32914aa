import { createFileRoute, Link } from '@tanstack/react-router';
import { Hourglass } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

export const Route = createFileRoute('/_public/comingSoon')({
  component: () => (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <Hourglass className="size-12 text-accent-600" aria-hidden />
      <h1 className="text-3xl font-bold">Coming Soon</h1>
      <p className="text-muted-foreground">We are working on this page. Please check back later.</p>
      <Link to="/" className={buttonVariants()}>
        Go to Home
      </Link>
    </section>
  ),
});
