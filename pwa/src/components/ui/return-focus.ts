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

/**
 * Focus back to the control that opened a dialog when it closes, however it was opened. Radix returns focus only to
 * its own Trigger; a dialog opened from code (a button that sets state, a lazily loaded form) or from a menu item
 * would leave focus on the page's body, and a keyboard or screen-reader user would start again from the top.
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
  return {
    // Runs as the dialog mounts, before it moves focus inside: the active element is still the opener.
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement) ?? (lastOutside?.isConnected ? lastOutside : null);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected || target.matches(':disabled')) return;
      // Another dialog opened while this one was closing (a quick second tap): focus stays in that one.
      if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')?.getAttribute('data-state') === 'open') return;
      event.preventDefault();
      target.focus();
    },
  };
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

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
