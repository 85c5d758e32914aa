import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { MSG } from '@foodbridge/shared/messages';

export function AccessDenied() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <ShieldX className="size-14 text-destructive" aria-hidden />
      <h1 className="text-2xl font-bold">Access Denied</h1>
      <p className="text-muted-foreground">{MSG.accessDenied}</p>
      <Link to="/" className={buttonVariants()}>
        Go to Home
      </Link>
    </section>
  );
}
