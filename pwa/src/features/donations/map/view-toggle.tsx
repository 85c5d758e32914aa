import { List, Map as MapIcon } from 'lucide-react';
import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';
import type { DonationsView } from './donations-view';

const OPTIONS = [
  { value: 'list', label: /*i18n*/ 'map.view.list', Icon: List },
  { value: 'map', label: /*i18n*/ 'map.view.map', Icon: MapIcon },
] as const;

/** Two toggle buttons in a labelled group: each says whether it is the one shown (aria-pressed). */
export function ViewToggle({ view, onChange }: { view: DonationsView; onChange: (view: DonationsView) => void }) {
  const i18n = useI18n();
  return (
    <div role="group" aria-label={i18n._('map.view.label')} className="inline-flex shrink-0 rounded-full border border-border bg-white p-1">
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex min-h-9 items-center gap-1.5 rounded-full px-4 text-sm font-medium transition-colors',
            view === value ? 'bg-brand-800 text-white' : 'text-stone-700 hover:text-brand-800',
          )}
        >
          <Icon className="size-4" aria-hidden />
          {i18n._(label)}
        </button>
      ))}
    </div>
  );
}
