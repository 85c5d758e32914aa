import { Link } from '@tanstack/react-router';
import { useI18n } from '@/lib/i18n/i18n';
import { Logo } from './logo';

const footerLinks = [/*i18n*/ 'footer.aboutUs', /*i18n*/ 'footer.contactUs', /*i18n*/ 'footer.history', /*i18n*/ 'footer.terms'];

function SocialIcon({ label, d }: { label: string; d: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white">
      <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden>
        <path d={d} />
      </svg>
    </span>
  );
}

export function Footer() {
  const i18n = useI18n();
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="rounded-lg bg-white px-3 py-2">
          <Logo />
        </div>
        <nav aria-label={i18n._('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footerLinks.map((label) => (
              <li key={label}>
                <Link to="/comingSoon" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {i18n._(label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex gap-3">
          <SocialIcon label="Facebook" d="M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.6.4-1 1-1z" />
          <SocialIcon label="X" d="M4 4l6.5 8.6L4.3 20H6l5.3-6.1L15.9 20H20l-6.8-9L19 4h-1.7l-5 5.7L8.1 4z" />
          <SocialIcon label="Instagram" d="M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5a1 1 0 100 2 1 1 0 000-2z" />
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm text-stone-400">
        {i18n._('footer.copyright', { year: String(new Date().getFullYear()) })}
      </p>
    </footer>
  );
}
