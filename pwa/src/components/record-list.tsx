import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { ApiState } from '@/lib/use-api';
import { VirtualGrid, VirtualTableRows } from './virtual-grid';

const rowKey = (row: { _id: string }) => row._id;

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A dashboard list screen: its header, then the records as a table from lg up (beside the side menu) and as
 * cards below it, with the loading skeleton, error with retry, and empty text every list needs.
 */
export function RecordList<T extends { _id: string }>({
  title,
  description,
  toolbar,
  state,
  rows,
  columns,
  card,
  errorMessage,
  emptyMessage,
  tableClassName,
}: {
  title: string;
  description: string;
  /** Filter or search controls; shown only once there is something to narrow. */
  toolbar?: ReactNode;
  state: Pick<ApiState<T[]>, 'data' | 'error' | 'loading' | 'reload'>;
  /** The records to show: `state.data`, possibly narrowed by the toolbar. */
  rows: T[];
  columns: Column<T>[];
  card: (row: T) => ReactNode;
  errorMessage: string;
  emptyMessage: string;
  tableClassName?: string;
}) {
  const { data, error, loading, reload } = state;
  let body: ReactNode;
  if (loading && !data) body = <TableSkeleton />;
  else if (error) body = <ErrorState message={errorMessage} onRetry={reload} />;
  else if (rows.length === 0) body = <EmptyState message={emptyMessage} />;
  else
    body = (
      // Both layouts stay mounted, one hidden by CSS: swapping them on a width change would unmount a row's open
      // dialog. Each draws only what is on screen (a short list whole), so a city's 10,000 rows cost two screenfuls.
      <>
        <div className="hidden lg:block">
          {/* aria-rowcount with the rows' aria-rowindex: a screen reader reads 'row 1,204 of 10,001' though few are drawn. */}
          <Table className={tableClassName} aria-rowcount={rows.length + 1}>
            <THead>
              <TR aria-rowindex={1}>
                {columns.map((c, i) => (
                  <TH key={i}>{c.header}</TH>
                ))}
              </TR>
            </THead>
            <TBody>
              <VirtualTableRows
                rows={rows}
                getKey={rowKey}
                renderCells={(row) =>
                  columns.map((c, i) => (
                    <TD key={i} className={c.className}>
                      {c.cell(row)}
                    </TD>
                  ))
                }
                estimateRowHeight={64}
                colSpan={columns.length}
              />
            </TBody>
          </Table>
        </div>
        <div className="lg:hidden">
          <VirtualGrid items={rows} getKey={rowKey} renderItem={(row) => card(row)} estimateRowHeight={220} columns={{ base: 1, md: 2 }} gap={16} />
        </div>
      </>
    );

  return (
    <section>
      <PageHeader title={title} description={description}>
        {data && data.length > 0 && toolbar}
      </PageHeader>
      {body}
    </section>
  );
}

/** A table row as a card, for phones and tablets. */
export function RecordCard({
  title,
  badge,
  fields,
  note,
  actions,
}: {
  title: ReactNode;
  badge?: ReactNode;
  fields: { label: string; value: ReactNode }[];
  /** Longer free text, set apart under the fields. */
  note?: ReactNode;
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
      {note && <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-700">{note}</p>}
      {actions && <div className="mt-auto flex flex-wrap gap-2 [&>*]:flex-1">{actions}</div>}
    </Card>
  );
}
