import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ApiState } from '@/lib/use-api';
import { StatusRecordList, withStatus } from './status-record-list';

interface Row {
  _id: string;
  name: string;
  status: string;
}

const rows: Row[] = [
  { _id: 'a', name: 'Soup', status: 'Pending' },
  { _id: 'b', name: 'Bread', status: 'Verified' },
];

const loaded = (data: Row[]): ApiState<Row[]> => ({ data, error: undefined, loading: false, reload: vi.fn(), setData: vi.fn() });

function renderList(actionsHeader?: string) {
  return render(
    <StatusRecordList
      title="Rows"
      description="Every row."
      errorMessage="Failed to load rows."
      emptyMessage="No rows."
      state={loaded(rows)}
      columns={[{ header: 'Name', cell: (r) => r.name }]}
      actions={(r) => <button type="button">Act on {r.name}</button>}
      actionsHeader={actionsHeader}
      card={(r) => ({ title: `Card ${r.name}`, fields: [{ label: 'Name', value: r.name }] })}
    />,
  );
}

const tableRows = () => within(screen.getByRole('table')).getAllByRole('row').map((tr) => tr.textContent);

describe('StatusRecordList', () => {
  it('puts the status badge and the actions after the record columns', () => {
    renderList();
    expect(tableRows()).toEqual(['NameStatusActions', 'SoupPendingAct on Soup', 'BreadVerifiedAct on Bread']);
  });

  it('gives each phone card the status badge and the same actions', () => {
    renderList();
    const soup = screen.getByRole('heading', { name: 'Card Soup' }).closest('li');
    expect(soup?.textContent).toBe('Card SoupPendingNameSoupAct on Soup');
  });

  it('narrows the rows with the Show filter', () => {
    renderList();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'Verified' } });
    expect(tableRows()).toEqual(['NameStatusActions', 'BreadVerifiedAct on Bread']);
  });

  it('uses the heading a screen gives its actions column', () => {
    renderList('Moderate');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Status', 'Moderate']);
  });
});

describe('withStatus', () => {
  it('changes the one record and keeps the others as they are', () => {
    const next = withStatus(rows, 'a', 'Rejected');
    expect(next).toEqual([{ _id: 'a', name: 'Soup', status: 'Rejected' }, rows[1]]);
    expect(next?.[1]).toBe(rows[1]);
  });

  it('leaves a list that has not loaded yet unloaded', () => {
    expect(withStatus<Row>(undefined, 'a', 'Rejected')).toBeUndefined();
  });
});
