import { useId, useState } from 'react';
import { statusWord } from '@/components/ui/badge';
import { Label, NativeSelect } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';

const ALL = 'all';

interface StatusFilterState<T> {
  value: string;
  setValue: (value: string) => void;
  options: { value: string; label: string; count: number }[];
  items: T[];
}

/**
 * Narrows a long list to one status; the options are the statuses present, with their counts. `labelOf` says a status
 * in words (by default a donation's status words, as StatusBadge says them).
 *
 * `initial` is the status it opens on (All when absent), or a function that chooses it from the items once they are
 * there (undefined for All). That choice is made once: it then holds like one of the user's, so the select does not
 * move under them when a reload or their own action changes the list.
 */
export function useStatusFilter<T>(
  data: T[] | undefined,
  statusOf: (item: T) => string,
  initial: string | ((items: T[]) => string | undefined) = ALL,
  labelOf?: (status: string) => string,
): StatusFilterState<T> {
  const i18n = useI18n();
  const [chosen, setValue] = useState(typeof initial === 'string' ? initial : undefined);
  let value = chosen ?? ALL;
  if (chosen === undefined && data && typeof initial === 'function') {
    // Set while rendering (React's way to adjust state to new props): this render already shows the choice.
    value = initial(data) ?? ALL;
    setValue(value);
  }
  const list = data ?? [];
  const counts = new Map<string, number>();
  for (const item of list) {
    const s = statusOf(item);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  // The chosen status stays offered (at 0) after its last item changes status, so the select does not jump.
  if (value !== ALL && !counts.has(value)) counts.set(value, 0);
  const options = [
    { value: ALL, label: i18n._('filter.all'), count: list.length },
    ...[...counts].map(([s, count]) => ({ value: s, label: labelOf ? labelOf(s) : statusWord(i18n, s), count })),
  ];
  const items = value === ALL ? list : list.filter((item) => statusOf(item) === value);
  return { value, setValue, options, items };
}

export function StatusFilter<T>({ value, setValue, options }: StatusFilterState<T>) {
  const i18n = useI18n();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0">
        {i18n._('filter.show')}
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => setValue(e.target.value)} className="w-auto min-w-40">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {i18n._('filter.option', { label: o.label, count: o.count })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
