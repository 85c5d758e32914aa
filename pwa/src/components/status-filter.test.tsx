import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { StatusFilter, useStatusFilter } from './status-filter';

interface Row {
  id: string;
  status: string;
}

// The way the admin screens use it: the select above, the narrowed list below.
function Screen({ rows, initial }: { rows: Row[] | undefined; initial?: string | ((rows: Row[]) => string | undefined) }) {
  const filter = useStatusFilter(rows, (r) => r.status, initial);
  return (
    <>
      <StatusFilter {...filter} />
      <ul>
        {filter.items.map((r) => (
          <li key={r.id}>{r.id}</li>
        ))}
      </ul>
    </>
  );
}

const options = () => screen.getAllByRole('option').map((o) => o.textContent);
const shown = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
const select = () => screen.getByLabelText('Show') as HTMLSelectElement;

const rows: Row[] = [
  { id: 'a', status: 'pending' },
  { id: 'b', status: 'approved' },
  { id: 'c', status: 'pending' },
];

describe('StatusFilter', () => {
  it('offers All and each status present, capitalised, with its count', () => {
    render(<Screen rows={rows} />);
    expect(options()).toEqual(['All (3)', 'Pending (2)', 'Approved (1)']);
    expect(select().value).toBe('all');
    expect(shown()).toEqual(['a', 'b', 'c']);
  });

  it('narrows the list to the chosen status, and back', () => {
    render(<Screen rows={rows} />);
    fireEvent.change(select(), { target: { value: 'pending' } });
    expect(shown()).toEqual(['a', 'c']);
    fireEvent.change(select(), { target: { value: 'all' } });
    expect(shown()).toEqual(['a', 'b', 'c']);
  });

  it('keeps the chosen status offered at 0 after its last row changes status', () => {
    const { rerender } = render(<Screen rows={rows} />);
    fireEvent.change(select(), { target: { value: 'approved' } });
    expect(shown()).toEqual(['b']);

    rerender(<Screen rows={rows.map((r) => (r.id === 'b' ? { ...r, status: 'rejected' } : r))} />);
    expect(select().value).toBe('approved');
    expect(options()).toEqual(['All (3)', 'Pending (2)', 'Rejected (1)', 'Approved (0)']);
    expect(shown()).toEqual([]);
  });

  it('starts on the status a screen asks for, while the data is still loading', () => {
    render(<Screen rows={undefined} initial="Pending" />);
    expect(options()).toEqual(['All (0)', 'Pending (0)']);
    expect(select().value).toBe('Pending');
    expect(shown()).toEqual([]);
  });

  it('opens on the status a screen chooses from the rows once they are there, then keeps it as a pick', () => {
    const pendingIfAny = (list: Row[]) => (list.some((r) => r.status === 'pending') ? 'pending' : undefined);
    const { rerender } = render(<Screen rows={undefined} initial={pendingIfAny} />);
    expect(select().value).toBe('all');

    rerender(<Screen rows={rows} initial={pendingIfAny} />);
    expect(select().value).toBe('pending');
    expect(shown()).toEqual(['a', 'c']);

    // Its last pending row decided: the select stays, at 0, rather than jump to All.
    rerender(<Screen rows={rows.map((r) => ({ ...r, status: 'approved' }))} initial={pendingIfAny} />);
    expect(select().value).toBe('pending');
    expect(shown()).toEqual([]);

    fireEvent.change(select(), { target: { value: 'all' } });
    rerender(<Screen rows={rows} initial={pendingIfAny} />);
    expect(select().value).toBe('all');
  });

  it('opens on All when the screen finds nothing to open on', () => {
    render(<Screen rows={[{ id: 'b', status: 'approved' }]} initial={() => undefined} />);
    expect(select().value).toBe('all');
    expect(shown()).toEqual(['b']);
  });
});
