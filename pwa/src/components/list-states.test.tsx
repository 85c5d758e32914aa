import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { useConnectivity } from '@/lib/connectivity-store';
import { ListStates } from './list-states';

interface Read {
  data: string[] | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

const read = (over: Partial<Read>): Read => ({ data: undefined, error: undefined, loading: false, reload: vi.fn(), ...over });

function renderList(state: Read, offlineNotice?: boolean) {
  return render(
    <ListStates
      state={state}
      skeleton={<p>Loading rows</p>}
      errorMessage="Failed to load rows."
      empty={<p>No rows yet.</p>}
      offlineNotice={offlineNotice}
    >
      {(items) => <p>Rows: {items.join(', ')}</p>}
    </ListStates>,
  );
}

const offline = new ApiError(0, 'Failed to fetch');

afterEach(() => useConnectivity.setState({ online: true, reachable: true }));

describe('ListStates', () => {
  it('shows the skeleton during the first read', () => {
    const { container } = renderList(read({ loading: true }));
    expect(container.textContent).toBe('Loading rows');
  });

  it('keeps the rows it has while a later read runs', () => {
    const { container } = renderList(read({ loading: true, data: ['a', 'b'] }));
    expect(container.textContent).toBe('Rows: a, b');
  });

  it('shows the error with a retry that reads again', () => {
    const state = read({ error: new ApiError(500, 'Internal error') });
    renderList(state);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load rows.Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(state.reload).toHaveBeenCalledOnce();
  });

  it('says plainly that the device is offline when the read never reached the server', () => {
    useConnectivity.setState({ online: false });
    renderList(read({ error: offline }));
    expect(screen.getByRole('alert').textContent).toBe('You are offline - this screen needs a connection.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['no answer at all', offline],
    ['a gateway that says 502', new ApiError(502, 'Request failed (502)')],
    ['a gateway that says 504', new ApiError(504, 'Request failed (504)')],
  ])("says Can't reach FoodBridge, with Try again, when the device is online and the read got %s", (_, error) => {
    const state = read({ error });
    renderList(state);
    expect(screen.getByRole('alert').textContent).toBe(
      "Can't reach FoodBridge. Your device is online, but the server is not answering.Try again",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(state.reload).toHaveBeenCalledOnce();
  });

  it('shows the error with its retry for an offline read when the screen asks so', () => {
    renderList(read({ error: offline }), false);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load rows.Try again');
  });

  it('keeps showing the rows it has when a later read fails', () => {
    const { container } = renderList(read({ error: offline, data: ['a'] }));
    expect(container.textContent).toBe('Rows: a');
  });

  it('shows the empty text for no rows', () => {
    const { container } = renderList(read({ data: [] }));
    expect(container.textContent).toBe('No rows yet.');
  });
});
