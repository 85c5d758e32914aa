import { List, Map as MapIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { DonationsView } from './donations-view';

const OPTIONS = [
  { value: 'list', label: 'List', Icon: List },
  { value: 'map', label: 'Map', Icon: MapIcon },
] as const;

/** Two toggle buttons in a labelled group: each says whether it is the one shown (aria-pressed). */
export function ViewToggle({ view, onChange }: { view: DonationsView; onChange: (view: DonationsView) => void }) {
  return (
    <div role="group" aria-label="Show donations as" className="inline-flex shrink-0 rounded-full border border-border bg-white p-1">
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
          {label}
        </button>
      ))}
    </div>
  );
}
