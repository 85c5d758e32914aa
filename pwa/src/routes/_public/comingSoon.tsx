import { createFileRoute, Link } from '@tanstack/react-router';
import { Hourglass } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';

export const Route = createFileRoute('/_public/comingSoon')({
  component: ComingSoon,
});

function ComingSoon() {
  const i18n = useI18n();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <Hourglass className="size-12 text-accent-600" aria-hidden />
      <h1 className="text-3xl font-bold">{i18n._('comingSoon.title')}</h1>
      <p className="text-muted-foreground">{i18n._('comingSoon.detail')}</p>
      <Link to="/" className={buttonVariants()}>
        {i18n._('comingSoon.home')}
      </Link>
    </section>
  );
}
