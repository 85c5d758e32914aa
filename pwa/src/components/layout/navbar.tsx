// Written without Radix and without ui/button: the navbar is on the signed-out home page, whose JavaScript budget
// (125 kB gzipped, see BUDGET.md) has no room for Radix menus (30 kB) or tailwind-merge.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { HOVER_CARD_MIN_WIDTH_PX } from '@foodbridge/shared/constants';
import { logOut } from '@/lib/auth/log-out';
import { imageUrl } from '@/lib/api-client';
import { useSession, type SessionUser } from '@/lib/auth/session-store';
import { EmailText } from '@/components/email-text';
import { Logo } from './logo';

const links = [
  { to: '/', label: 'Home' },
  { to: '/allDonations', label: 'All Donations' },
  { to: '/dashBoard', label: 'Dashboard' },
] as const;

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:text-brand-800 data-[status=active]:text-brand-800 data-[status=active]:underline data-[status=active]:decoration-2 data-[status=active]:underline-offset-8';

const iconButtonClass =
  'inline-flex size-11 items-center justify-center rounded-lg text-foreground transition-colors hover:bg-muted sm:size-10';

// Lucide outlines (ISC) inline, for the same budget reason.
function Glyph({ d, className }: { d: string; className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden className={className}>
      <path d={d} />
    </svg>
  );
}
const MENU = 'M4 5h16M4 12h16M4 19h16';
const CLOSE = 'M18 6 6 18M6 6l12 12';
const LOG_OUT = 'm16 17 5-5-5-5m5 5H9m0 9H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4';

const PLACEHOLDER_AVATAR = '/avatar-placeholder.svg';

/** Closes a popup on Escape (focus back to its trigger) and on a press anywhere outside `container`. */
function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Focus first: focusing the trigger may itself open the popup, and closing must win.
      trigger.current?.focus();
      close();
    };
    const onPointer = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, container, trigger]);
}

function MobileMenu() {
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
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Glyph d={open ? CLOSE : MENU} className="size-6" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 min-w-52 rounded-lg border border-border bg-white p-1 shadow-lg"
      >
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              activeOptions={{ exact: l.to === '/' }}
              className={`${linkClass} flex min-h-11 items-center hover:bg-muted`}
              onClick={() => setOpen(false)}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The profile picture and its card (Name, Email, Log Out). A mouse opens it by hovering; touch and keyboard open it
 * by pressing or focusing the picture, since neither can hover.
 */
export function AccountCard({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cardId = useId();
  const name = user.name || 'User';
  const email = user.email || 'user';
  useDismiss(open, () => setOpen(false), container, trigger);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  // A short grace period lets the pointer travel from the picture to the card.
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 200);
  };

  return (
    <div
      ref={container}
      className="relative"
      onPointerEnter={(e) => e.pointerType === 'mouse' && show()}
      onPointerLeave={(e) => e.pointerType === 'mouse' && hideSoon()}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="block rounded-full"
        aria-label={`Account: ${name}`}
        aria-expanded={open}
        aria-controls={cardId}
        onFocus={(e) => e.currentTarget.matches(':focus-visible') && show()}
        onClick={show}
      >
        <img
          src={imageUrl(user.photoURL, 96) ?? PLACEHOLDER_AVATAR}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER_AVATAR)) e.currentTarget.src = PLACEHOLDER_AVATAR;
          }}
          alt=""
          className="size-11 rounded-full border-2 border-brand-200 bg-stone-100 object-cover"
          width={44}
          height={44}
        />
      </button>
      <div id={cardId} hidden={!open} className="absolute right-0 top-full z-50 pt-2">
        <div style={{ minWidth: HOVER_CARD_MIN_WIDTH_PX }} className="w-max max-w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-border bg-white p-4 shadow-lg">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Name</dt>
              <dd className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{name}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Email</dt>
              <dd className="text-stone-700">
                <EmailText email={email} />
              </dd>
            </div>
          </dl>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              void logOut();
            }}
            className="mt-4 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-border bg-white px-3 text-sm font-semibold transition-colors hover:bg-muted sm:min-h-9"
          >
            <Glyph d={LOG_OUT} className="size-4" /> Log Out
          </button>
        </div>
      </div>
    </div>
  );
}

/** `signedIn`: what a signed-in person also gets beside their picture (the routes give the notification bell). */
export function Navbar({ signedIn }: { signedIn?: ReactNode } = {}) {
  const user = useSession((s) => s.user);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6" aria-label="Main">
        <div className="flex items-center gap-1">
          <MobileMenu />
          <Logo />
        </div>
        <ul className="hidden items-center gap-2 md:flex">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} activeOptions={{ exact: l.to === '/' }} className={linkClass}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        {user ? (
          <div className="flex items-center gap-1">
            {signedIn}
            <AccountCard user={user} />
          </div>
        ) : (
          <Link
            to="/login"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-5 text-sm font-semibold text-white transition-colors hover:bg-brand-900 sm:min-h-10"
          >
            Login
          </Link>
        )}
      </nav>
    </header>
  );
}
