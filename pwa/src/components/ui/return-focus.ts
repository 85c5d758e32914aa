import { useEffect, useRef } from 'react';

/** The control a dialog should hand focus back to: a menu item that opened it gives way to its menu's button. */
function openerOf(el: Element | null): HTMLElement | null {
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const menu = el.closest('[role="menu"]');
  if (!menu) return el;
  // Radix menus (and the ARIA pattern) name the menu by its button; the item itself is gone once the menu closes.
  const button = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return button instanceof HTMLElement ? button : null;
}

// The last control focused outside any dialog. A dialog opened from a menu item mounts after the item is gone (the
// menu closes on select), when the active element is already the page's body: this still knows where the user was.
let lastOutside: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const el = event.target;
    if (el instanceof Element && !el.closest('[role="dialog"], [role="alertdialog"]')) lastOutside = openerOf(el);
  });
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Where a control stands among its siblings, to find what took its place once it is gone. */
interface Place {
  parent: Element;
  before: Element | null;
  after: Element | null;
}

const placeOf = (el: HTMLElement): Place | null =>
  el.parentElement && { parent: el.parentElement, before: el.previousElementSibling, after: el.nextElementSibling };

const focusableIn = (el: Element | null): HTMLElement | null =>
  el instanceof HTMLElement ? (el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE)) : null;

/**
 * What now stands where a control that is gone stood: what the page put between its old neighbours (a status that
 * replaced the button, 'Requested · Pending' for Request Donation), else the next control, else the one before.
 * A status is made focusable from code only (tabindex -1, until it loses the focus): a screen reader then reads it.
 */
function standIn(place: Place): HTMLElement | null {
  const { parent } = place;
  if (!parent.isConnected) return null;
  const before = place.before?.parentElement === parent ? place.before : null;
  const after = place.after?.parentElement === parent ? place.after : null;
  const between = before ? before.nextElementSibling : parent.firstElementChild;
  if (between instanceof HTMLElement && between !== after) {
    const control = focusableIn(between);
    if (control) return control;
    if (between.textContent?.trim() && !between.hasAttribute('tabindex')) {
      between.tabIndex = -1;
      between.addEventListener('blur', () => between.removeAttribute('tabindex'), { once: true });
      return between;
    }
  }
  return focusableIn(after) ?? focusableIn(before);
}

/** How long focus handed back to an opener follows it: the page may take the opener away when its reload lands. */
const FOLLOW_MS = 10_000;

/**
 * Watches an opener that has the focus back: if the page then removes it (the action done, its button gives way to
 * the new state), focus would fall to the page's body; it goes to what stands in its place instead. Stops once focus
 * moves on, or after FOLLOW_MS.
 */
function followOpener(opener: HTMLElement, place: Place | null) {
  if (!place) return;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn);
  };
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== opener) stop();
  };
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    const active = document.activeElement;
    if (!active || active === document.body) standIn(place)?.focus();
  });
  const timer = setTimeout(stop, FOLLOW_MS);
  observer.observe(place.parent, { childList: true });
  document.addEventListener('focusin', onFocusIn);
}

/**
 * Focus back to the control that opened a dialog when it closes, however it was opened. Radix returns focus only to
 * its own Trigger; a dialog opened from code (a button that sets state, a lazily loaded form) or from a menu item
 * would leave focus on the page's body, and a keyboard or screen-reader user would start again from the top.
 * When the dialog's action takes its opener away (Request Donation, once requested), before it closes or after,
 * focus goes to what stands in the opener's place instead (standIn).
 * Spread the handlers into the dialog's Content; the caller's own handlers run first and may prevent this.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const place = useRef<Place | null>(null);
  return {
    // Runs as the dialog mounts, before it moves focus inside: the active element is still the opener.
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement) ?? (lastOutside?.isConnected ? lastOutside : null);
      place.current = opener.current && placeOf(opener.current);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      const where = place.current;
      opener.current = null;
      place.current = null;
      if (event.defaultPrevented || !target) return;
      // Another dialog opened while this one was closing (a quick second tap): focus stays in that one.
      if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')?.getAttribute('data-state') === 'open') return;
      if (!target.isConnected) {
        const next = where && standIn(where);
        if (!next) return;
        event.preventDefault();
        next.focus();
        return;
      }
      if (target.matches(':disabled')) return;
      event.preventDefault();
      target.focus();
      followOpener(target, where);
    },
  };
}

/**
 * What Radix gives its dialogs, for a hand-made modal panel (the dashboard's drawer on phones): focus moves in when
 * it opens, Tab stays inside, Escape closes it, and focus goes back to the control that opened it when it closes.
 * Put the returned ref on the element with role="dialog".
 */
export function useModalPanel<T extends HTMLElement>(open: boolean, close: () => void) {
  const panel = useRef<T>(null);
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!open) return;
    const opener = openerOf(document.activeElement) ?? (lastOutside?.isConnected ? lastOutside : null);
    // What Tab reaches (a backdrop that closes on a tap has tabIndex -1: the keyboard has Escape and the Close button).
    const focusable = () => [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.tabIndex >= 0);
    (focusable()[0] ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab') {
        const items = focusable();
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    };
  }, [open]);

  return panel;
}
