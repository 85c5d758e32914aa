// Written without Radix and without ui/button: the navbar is on the signed-out home page, whose JavaScript budget
// (125 kB gzipped, see BUDGET.md) has no room for Radix menus (30 kB) or tailwind-merge.
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSession, type SessionUser } from '@/lib/auth/session-store';
import { LanguageSelect } from '@/components/language-select';
import { useI18n } from '@/lib/i18n/i18n';
import { Logo } from './logo';
import { Glyph, useDismiss } from './navbar-parts';

const links = [
  { to: '/', label: /*i18n*/ 'nav.home' },
  { to: '/allDonations', label: /*i18n*/ 'nav.allDonations' },
  { to: '/dashBoard', label: /*i18n*/ 'nav.dashboard' },
] as const;

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:text-brand-800 data-[status=active]:text-brand-800 data-[status=active]:underline data-[status=active]:decoration-2 data-[status=active]:underline-offset-8';

const iconButtonClass =
  'inline-flex size-11 items-center justify-center rounded-lg text-foreground transition-colors hover:bg-muted sm:size-10';

const MENU = 'M4 5h16M4 12h16M4 19h16';
const CLOSE = 'M18 6 6 18M6 6l12 12';

function MobileMenu() {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useDismiss(open, () => setOpen(false), container, trigger);
  // Any navigation (a link here, the back button) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div
      ref={container}
      className="relative md:hidden"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={iconButtonClass}
        aria-label={open ? i18n._('nav.closeMenu') : i18n._('nav.openMenu')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Glyph d={open ? CLOSE : MENU} className="size-6" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute start-0 top-full z-50 mt-2 min-w-52 rounded-lg border border-border bg-white p-1 shadow-lg"
      >
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              activeOptions={{ exact: l.to === '/' }}
              className={`${linkClass} flex min-h-11 items-center hover:bg-muted`}
              onClick={() => setOpen(false)}
            >
              {i18n._(l.label)}
            </Link>
          </li>
        ))}
        {/* Below `sm` the navbar has no room for the language menu beside the Login button. */}
        <li className="px-3 py-2 sm:hidden">
          <LanguageSelect />
        </li>
      </ul>
    </div>
  );
}

/** The account card, downloaded once someone is signed in; a blank circle of its size holds its place meanwhile. */
const LazyAccountCard = lazy(() => import('./account-card').then((m) => ({ default: m.AccountCard })));
export function AccountCard({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={<span aria-hidden className="block size-11 rounded-full bg-stone-100" />}>
      <LazyAccountCard user={user} />
    </Suspense>
  );
}

/** `signedIn`: what a signed-in person also gets beside their picture (the routes give the notification bell). */
export function Navbar({ signedIn }: { signedIn?: ReactNode } = {}) {
  const i18n = useI18n();
  const user = useSession((s) => s.user);
  return (
    // Opaque, with no backdrop blur: the blur (behind a 95% white, so barely seen) was redrawn on every frame of a
    // scroll, which a phone's GPU or a software rasteriser pays for. Scrolling All Donations (10,000) on a slow 2-core
    // host: p95 frame 33 -> 17 ms, worst 67-83 -> 50 ms (issue 9).
    <header className="sticky top-0 z-40 border-b border-border bg-white">
      {/* A 360 px phone in Arabic or Spanish holds the logo and Login side by side only just: the logo's end may
          shrink (its name cut short), Login's may not (one line), so the logo never runs under the button. */}
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-1 px-3 sm:gap-2 sm:px-6" aria-label={i18n._('nav.main')}>
        <div className="flex min-w-0 items-center gap-1">
          <MobileMenu />
          <Logo />
        </div>
        <ul className="hidden items-center gap-2 md:flex">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} activeOptions={{ exact: l.to === '/' }} className={linkClass}>
                {i18n._(l.label)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <LanguageSelect className="hidden sm:flex" />
          {user ? (
            <div className="flex items-center gap-1">
              {signedIn}
              <AccountCard user={user} />
            </div>
          ) : (
            <Link
              to="/login"
              className="inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-lg bg-brand-800 px-3 text-sm font-semibold text-white transition-colors hover:bg-brand-900 sm:min-h-10 sm:px-5"
            >
              {i18n._('nav.login')}
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
