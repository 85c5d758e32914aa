import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';

export function AccessDenied() {
  const i18n = useI18n();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <ShieldX className="size-14 text-destructive" aria-hidden />
      <h1 className="text-2xl font-bold">{i18n._('accessDenied.title')}</h1>
      <p className="text-muted-foreground">{i18n._('accessDenied.message')}</p>
      <Link to="/" className={buttonVariants()}>
        {i18n._('accessDenied.goHome')}
      </Link>
    </section>
  );
}
