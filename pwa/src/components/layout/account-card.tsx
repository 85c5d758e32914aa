// Only a signed-in person sees it: a chunk of its own, so the signed-out home page (BUDGET.md) does not download
// it, nor log-out and the e-mail display it brings.
import { useEffect, useId, useRef, useState } from 'react';
import { HOVER_CARD_MIN_WIDTH_PX } from '@foodbridge/shared/constants';
import { logOut } from '@/lib/auth/log-out';
import { imageUrl } from '@/lib/api-client';
import type { SessionUser } from '@/lib/auth/session-store';
import { EmailText } from '@/components/email-text';
import { useI18n } from '@/lib/i18n/i18n';
import { Glyph, useDismiss } from './navbar-parts';

const LOG_OUT = 'm16 17 5-5-5-5m5 5H9m0 9H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4';

const PLACEHOLDER_AVATAR = '/avatar-placeholder.svg';

/**
 * The profile picture and its card (Name, Email, Log Out). A mouse opens it by hovering; touch and keyboard open it
 * by pressing or focusing the picture, since neither can hover.
 */
export function AccountCard({ user }: { user: SessionUser }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cardId = useId();
  const name = user.name || i18n._('nav.user');
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
        aria-label={i18n._('nav.account', { name })}
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
      <div id={cardId} hidden={!open} className="absolute end-0 top-full z-50 pt-2">
        <div style={{ minWidth: HOVER_CARD_MIN_WIDTH_PX }} className="w-max max-w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-border bg-white p-4 shadow-lg">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{i18n._('nav.name')}</dt>
              <dd className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{name}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{i18n._('nav.email')}</dt>
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
            <Glyph d={LOG_OUT} className="size-4 rtl:-scale-x-100" /> {i18n._('nav.logOut')}
          </button>
        </div>
      </div>
    </div>
  );
}
