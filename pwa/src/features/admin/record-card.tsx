import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A table row as a card, for phones and tablets: the admin tables switch to these below lg. */
export function RecordCard({
  title,
  badge,
  fields,
  actions,
}: {
  title: ReactNode;
  badge?: ReactNode;
  fields: { label: string; value: ReactNode }[];
  actions?: ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 break-words font-semibold text-stone-900">{title}</h2>
        {badge && <div className="shrink-0">{badge}</div>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        {fields.map((f) => (
          <div key={f.label} className="contents">
            <dt className="text-muted-foreground">{f.label}</dt>
            <dd className="min-w-0 break-words">{f.value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="mt-auto flex flex-wrap gap-2 [&>*]:flex-1">{actions}</div>}
    </Card>
  );
}

/** The same records as a table from lg up (beside the side menu) and as cards below it. */
export function ResponsiveRecords({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <div className="hidden lg:block">{table}</div>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:hidden">{cards}</ul>
    </>
  );
}
