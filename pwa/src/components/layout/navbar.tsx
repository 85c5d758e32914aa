import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { HoverCard } from 'radix-ui';
import { buttonVariants } from '@/components/ui/button';
import { useSession } from '@/features/auth/session-store';
import { logOut } from '@/features/auth/log-out';
import { Logo } from './logo';

// Radix menus are used directly here (not the ui/ wrappers) so the home page pulls in only these two primitives.
const links = [
  { to: '/', label: 'Home' },
  { to: '/allDonations', label: 'All Donations' },
  { to: '/dashBoard', label: 'Dashboard' },
] as const;

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:text-brand-800 data-[status=active]:text-brand-800 data-[status=active]:underline data-[status=active]:decoration-2 data-[status=active]:underline-offset-8';

export const PLACEHOLDER_AVATAR = '/avatar-placeholder.svg';

export function Navbar() {
  const user = useSession((s) => s.user);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6" aria-label="Main">
        <div className="flex items-center gap-1">
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className={`${buttonVariants({ variant: 'ghost', size: 'icon' })} md:hidden`} aria-label="Open menu">
              <Menu className="size-6" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content sideOffset={6} align="start" className="z-50 min-w-52 rounded-lg border border-border bg-white p-1 shadow-lg">
                {links.map((l) => (
                  <DropdownMenu.Item key={l.to} asChild className="outline-none data-[highlighted]:bg-muted">
                    <Link to={l.to} activeOptions={{ exact: l.to === '/' }} className={`${linkClass} flex min-h-11 items-center`}>
                      {l.label}
                    </Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
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
          <HoverCard.Root openDelay={100} closeDelay={200}>
            <HoverCard.Trigger asChild>
              <button type="button" className="rounded-full" aria-label={`Account: ${user.name || 'User'}`}>
                <img
                  src={user.photoURL || PLACEHOLDER_AVATAR}
                  onError={(e) => ((e.target as HTMLImageElement).src = PLACEHOLDER_AVATAR)}
                  alt=""
                  className="size-11 rounded-full border-2 border-brand-200 object-cover"
                  width={44}
                  height={44}
                />
              </button>
            </HoverCard.Trigger>
            <HoverCard.Portal>
              <HoverCard.Content sideOffset={8} align="end" className="z-50 min-w-[200px] rounded-lg border border-border bg-white p-4 shadow-lg">
                <p className="font-semibold">{user.name || 'User'}</p>
                <p className="mb-3 break-all text-sm text-muted-foreground">{user.email || 'user'}</p>
                <button type="button" onClick={() => void logOut()} className={`${buttonVariants({ variant: 'outline', size: 'sm' })} w-full`}>
                  Log Out
                </button>
              </HoverCard.Content>
            </HoverCard.Portal>
          </HoverCard.Root>
        ) : (
          <Link to="/login" className={buttonVariants()}>
            Login
          </Link>
        )}
      </nav>
    </header>
  );
}
