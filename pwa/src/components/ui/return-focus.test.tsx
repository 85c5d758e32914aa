import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { useModalPanel } from './return-focus';

/** A dialog opened from code, as the details page's Request and Add Review forms are: no Radix Trigger. */
function Page({ fromMenu = false }: { fromMenu?: boolean }) {
  const [open, setOpen] = useState(false);
  const [menu, setMenu] = useState(fromMenu);
  const openDialog = () => {
    setMenu(false);
    setOpen(true);
  };
  return (
    <>
      <button id="menu-button">Row actions</button>
      <button onClick={openDialog}>Open form</button>
      {menu && (
        <div role="menu" aria-labelledby="menu-button">
          <button role="menuitem" onClick={openDialog}>
            Edit
          </button>
        </div>
      )}
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Form</DialogTitle>
            <DialogDescription>A form opened from code.</DialogDescription>
            <button onClick={() => setOpen(false)}>Cancel</button>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

async function openWith(button: HTMLElement) {
  button.focus();
  act(() => button.click());
  await screen.findByRole('dialog');
  await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
}

describe('dialogs give focus back to their opener', () => {
  it('after Cancel, for a dialog opened from code', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open form' });
    await openWith(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('after Escape, for a dialog opened from code', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open form' });
    await openWith(opener);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("to the menu's button when a menu item that is gone opened it", async () => {
    render(<Page fromMenu />);
    await openWith(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Row actions' })));
  });
});

/**
 * A page whose dialog's action takes its opener away, as Request Donation gives way to 'Requested · Pending': the
 * page learns of it after the dialog closes (its reload lands later), or before, or puts nothing in its place.
 */
function ActionPage({
  when,
  replaceWith = 'status',
  reloadMs = 20,
}: {
  when: 'after close' | 'before close';
  replaceWith?: 'status' | 'nothing';
  reloadMs?: number;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async () => {
    if (when === 'before close') setDone(true);
    setOpen(false);
    if (when === 'after close') {
      await new Promise((resolve) => setTimeout(resolve, reloadMs));
      setDone(true);
    }
  };
  return (
    <div>
      {done && replaceWith === 'status' && <p>Requested · Pending</p>}
      {!done && <button onClick={() => setOpen(true)}>Request Donation</button>}
      <button>Save to Favorites</button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Request</DialogTitle>
            <DialogDescription>A form whose action ends the button that opened it.</DialogDescription>
            <button onClick={() => void submit()}>Submit</button>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}

describe('when the action takes the opener away, focus goes to what stands in its place, not the body', () => {
  it.each(['after close', 'before close'] as const)('the status that replaced it, when it goes %s', async (when) => {
    render(<ActionPage when={when} />);
    await openWith(screen.getByRole('button', { name: 'Request Donation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const status = await screen.findByText('Requested · Pending');
    await waitFor(() => expect(document.activeElement).toBe(status));
    // Reachable from code only, and only while it has the focus.
    expect(status.getAttribute('tabindex')).toBe('-1');
    act(() => screen.getByRole('button', { name: 'Save to Favorites' }).focus());
    expect(status.hasAttribute('tabindex')).toBe(false);
  });

  it('the next control, when nothing took its place', async () => {
    render(<ActionPage when="after close" replaceWith="nothing" />);
    await openWith(screen.getByRole('button', { name: 'Request Donation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request Donation' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save to Favorites' })));
  });

  it('leaves the focus where the person has moved it meanwhile', async () => {
    render(<ActionPage when="after close" reloadMs={300} />);
    await openWith(screen.getByRole('button', { name: 'Request Donation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Request Donation' })));
    const elsewhere = screen.getByRole('button', { name: 'Save to Favorites' });
    act(() => elsewhere.focus());
    await screen.findByText('Requested · Pending');
    expect(document.activeElement).toBe(elsewhere);
  });
});

function Drawer() {
  const [open, setOpen] = useState(false);
  const panel = useModalPanel<HTMLDivElement>(open, () => setOpen(false));
  return (
    <>
      <button onClick={() => setOpen(true)}>Open dashboard menu</button>
      {open && (
        <div ref={panel} role="dialog" aria-label="Dashboard menu">
          <button tabIndex={-1} aria-label="Backdrop" onClick={() => setOpen(false)} />
          <button onClick={() => setOpen(false)}>Close menu</button>
          <a href="/dashBoard">Home</a>
        </div>
      )}
    </>
  );
}

describe('useModalPanel (the hand-made drawer)', () => {
  it('moves focus in past the backdrop, keeps Tab inside, and gives focus back after Escape', async () => {
    render(<Drawer />);
    const opener = screen.getByRole('button', { name: 'Open dashboard menu' });
    opener.focus();
    act(() => opener.click());
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    screen.getByRole('link', { name: 'Home' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
