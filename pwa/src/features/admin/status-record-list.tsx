import type { ReactNode } from 'react';
import { RecordCard, RecordList, type Column } from '@/components/record-list';
import { StatusFilter, useStatusFilter } from '@/components/status-filter';
import { StatusBadge } from '@/components/ui/badge';
import { useI18n } from '@/lib/i18n/i18n';
import type { ApiState } from '@/lib/use-api';

/** What a record's phone card shows above its status badge and actions. */
export interface CardContent {
  title: ReactNode;
  fields: { label: string; value: ReactNode }[];
  /** Longer free text, set apart under the fields. */
  note?: ReactNode;
}

/**
 * An admin screen over records that each carry a status: a "Show" filter over the statuses, and after the
 * record's own columns its status badge and actions (on the phone cards: the badge by the title, the actions below).
 */
export function StatusRecordList<T extends { _id: string; status: string }>({
  state,
  columns,
  actions,
  actionsHeader,
  stackActions = false,
  card,
  openOn,
  filedUnder = (row) => row.status,
  badgeOf,
  ...text
}: {
  title: string;
  description: string;
  errorMessage: string;
  emptyMessage: string;
  state: ApiState<T[]>;
  columns: Column<T>[];
  actions: (row: T) => ReactNode;
  /** The actions column's heading; 'Actions' when absent. */
  actionsHeader?: ReactNode;
  /** In the table, the actions one above the other (a wide table keeps them in view without scrolling sideways). */
  stackActions?: boolean;
  card: (row: T) => CardContent;
  /** The status the filter opens on when a record has it (the work waiting); All otherwise, or once the user picks. */
  openOn?: string;
  /** The status the filter counts and shows a record under: its own unless the screen says otherwise. */
  filedUnder?: (row: T) => string;
  /** The badge's status and words, when they are not the record's own status (a request whose food was collected). */
  badgeOf?: (row: T) => { status: string; label: string };
}) {
  const i18n = useI18n();
  const opening = openOn ? (rows: T[]) => (rows.some((row) => filedUnder(row) === openOn) ? openOn : undefined) : undefined;
  const filter = useStatusFilter(state.data, filedUnder, opening);
  const badge = (row: T) => <StatusBadge {...(badgeOf ? badgeOf(row) : { status: row.status })} />;
  return (
    <RecordList
      {...text}
      toolbar={<StatusFilter {...filter} />}
      state={state}
      rows={filter.items}
      columns={[
        ...columns,
        { header: i18n._('admin.list.status'), cell: badge },
        { header: actionsHeader ?? i18n._('admin.list.actions'), cell: (row) => <div className={stackActions ? 'flex flex-col gap-2' : 'flex gap-2'}>{actions(row)}</div> },
      ]}
      card={(row) => <RecordCard {...card(row)} badge={badge(row)} actions={actions(row)} />}
    />
  );
}

/** The list with one record's status changed, as the server has just done. */
export const withStatus = <T extends { _id: string; status: string }>(list: T[] | undefined, id: string, status: T['status']) =>
  list?.map((row) => (row._id === id ? { ...row, status } : row));
