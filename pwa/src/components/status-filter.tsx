import { useId, useState } from 'react';
import { Label, NativeSelect } from '@/components/ui/input';

const ALL = 'all';

interface StatusFilterState<T> {
  value: string;
  setValue: (value: string) => void;
  options: { value: string; label: string; count: number }[];
  items: T[];
}

/** Narrows a long list to one status; the options are the statuses present, with their counts. */
export function useStatusFilter<T>(data: T[] | undefined, statusOf: (item: T) => string, initial = ALL): StatusFilterState<T> {
  const [value, setValue] = useState(initial);
  const list = data ?? [];
  const counts = new Map<string, number>();
  for (const item of list) {
    const s = statusOf(item);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  // The chosen status stays offered (at 0) after its last item changes status, so the select does not jump.
  if (value !== ALL && !counts.has(value)) counts.set(value, 0);
  const options = [
    { value: ALL, label: 'All', count: list.length },
    ...[...counts].map(([s, count]) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1), count })),
  ];
  const items = value === ALL ? list : list.filter((item) => statusOf(item) === value);
  return { value, setValue, options, items };
}

export function StatusFilter<T>({ value, setValue, options }: StatusFilterState<T>) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0">
        Show
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => setValue(e.target.value)} className="w-auto min-w-40">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label} ({o.count})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
