import { Link } from '@tanstack/react-router';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { useI18n } from '@/lib/i18n/i18n';

// Framed like the public pages, so a mistyped address still leaves the whole site one tap away.
export function NotFound() {
  const i18n = useI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{i18n._('notFound.title')}</h1>
        <p className="mt-2 text-muted-foreground">{i18n._('notFound.text')}</p>
        <Link to="/" className="mt-6 inline-block text-brand-800 underline">
          {i18n._('notFound.home')}
        </Link>
      </main>
      <Footer />
    </div>
  );
}
