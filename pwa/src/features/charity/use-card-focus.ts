import { useEffect, useRef, type RefObject } from 'react';

// A card's own controls first (Take, Confirm Pickup, the choice of who has it), then its links.
const ACTION = 'button:not([disabled]), select:not([disabled])';
const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled])';

/**
 * Keeps the keyboard in a list of cards when the focused card leaves it: taken (it moves to Mine), confirmed from
 * Unclaimed, or given to someone else by a coordinator (replication takes it off the phone). The browser would drop
 * focus to the page's body and a keyboard or screen-reader user would start again from the top; instead it goes to
 * the card now in that place (the next one, or the new last), or to `fallback` (the list's tab) when none is left.
 * A dialog opened from a card (Confirm Pickup's report) counts as the card: its card can leave while it is open.
 * `items` is the list as drawn: each new one is a moment a card may have left.
 */
export function useCardFocus(list: RefObject<HTMLElement | null>, items: unknown, fallback: () => HTMLElement | null | undefined) {
  const last = useRef<{ el: HTMLElement; index: number } | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof HTMLElement)) return;
      if (list.current?.contains(el)) {
        last.current = { el, index: Number(el.closest('[aria-posinset]')?.getAttribute('aria-posinset') ?? 1) };
      } else if (!el.closest('[role="dialog"], [role="alertdialog"]')) {
        last.current = null;
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [list]);

  useEffect(() => {
    const seen = last.current;
    if (!seen || seen.el.isConnected) return;
    // After the current task: a dialog that went with its card hands focus back (to nothing) in a timeout of its own.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const cards = [...(list.current?.querySelectorAll<HTMLElement>('[aria-posinset]') ?? [])];
      const card = cards.find((c) => Number(c.getAttribute('aria-posinset')) === seen.index) ?? cards.at(-1);
      const target = card?.querySelector<HTMLElement>(ACTION) ?? card?.querySelector<HTMLElement>(FOCUSABLE) ?? fallbackRef.current();
      last.current = null;
      target?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [items, list]);
}
