// What the navbar's two popups share: the side menu (on the home page) and the account card (loaded after sign-in).
import { useEffect, type RefObject } from 'react';

// Lucide outlines (ISC) inline: lucide-react's icon factory would cost the home page's budget more than a path.
export function Glyph({ d, className }: { d: string; className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden className={className}>
      <path d={d} />
    </svg>
  );
}

/** Closes a popup on Escape (focus back to its trigger) and on a press anywhere outside `container`. */
export function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>) {
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
