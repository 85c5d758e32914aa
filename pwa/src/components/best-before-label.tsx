import { useEffect, useReducer } from 'react';
import { Clock } from 'lucide-react';
import { bestBeforeWords, wordsChangeIn } from '@/lib/best-before';
import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';

/**
 * "Best before 21:30 today · in 3 h", or "Expired" in red; nothing for a donation without a time. The full date and
 * time is the hover title and what a screen reader says. Each label on screen sleeps until its own words change
 * (the next minute of its countdown, midnight, its expiry), so a long list costs no polling.
 */
export function BestBeforeLabel({ bestBefore, className }: { bestBefore: string | undefined; className?: string }) {
  const i18n = useI18n();
  const [woken, wake] = useReducer((n: number) => n + 1, 0);
  // Read at render, not kept in state: a label whose time was just extended must not speak from an old clock.
  const now = Date.now();
  const words = bestBeforeWords(i18n, bestBefore, now);
  const delay = wordsChangeIn(bestBefore, now);

  useEffect(() => {
    if (delay === undefined) return;
    const timer = setTimeout(wake, delay);
    return () => clearTimeout(timer);
    // `woken` re-arms the timer when the next delay happens to equal the last (a countdown's every minute).
  }, [delay, woken]);

  if (!words) return null;
  return (
    <span className={cn('inline-flex items-center gap-1.5', words.expired ? 'font-semibold text-red-700' : 'text-stone-800', className)}>
      <Clock className="size-4 shrink-0" aria-hidden />
      {/* The hover title on the hidden words: on the label itself it was read as well, best before twice over. */}
      <span aria-hidden title={words.full}>
        {words.text}
        {words.hint && <span className="font-normal text-muted-foreground"> · {words.hint}</span>}
      </span>
      <span className="sr-only">
        {words.hint ? i18n._('bestBefore.fullWithHint', { full: words.full, hint: words.hint }) : words.full}
      </span>
    </span>
  );
}
