import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';

// About three lines of the table's mission column; longer missions fold, and a button unfolds them.
const FOLD_AFTER_CHARS = 160;

/**
 * A charity's mission, whole: long ones start folded to three lines with a disclosure button (aria-expanded) that
 * a keyboard, a tap or a screen reader can open. Folding is visual only; the text is all there for a screen reader.
 */
export function MissionText({ text }: { text: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > FOLD_AFTER_CHARS || text.split('\n').length > 3;
  return (
    // Spans only: the phone card sets this inside its note paragraph.
    <span className="block min-w-0">
      <span id={id} className={cn('block whitespace-pre-line break-words', long && !open && 'line-clamp-3')}>
        {text}
      </span>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
          className="mt-1 inline-flex min-h-11 items-center gap-1 rounded text-sm font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:min-h-8"
        >
          {open ? i18n._('admin.mission.showLess') : i18n._('admin.mission.readAll')}
          <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      )}
    </span>
  );
}
