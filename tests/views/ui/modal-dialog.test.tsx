import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from '../../../src/ui/modal-dialog';

/** A list whose rows open a dialog; "Remove" removes the row that opened it. */
function Rows({ fallback }: { fallback: boolean }) {
  const [rows, setRows] = useState(['a', 'b']);
  const [open, setOpen] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Rows
      </h1>
      <button type="button">Elsewhere</button>
      {rows.map((row) => (
        <button key={row} type="button" onClick={() => setOpen(row)}>
          Open {row}
        </button>
      ))}
      {open && (
        <ModalDialog
          title={`Row ${open}`}
          onClose={() => setOpen(null)}
          returnFocus={fallback ? heading : undefined}
          footer={<button type="button">Footer action</button>}
        >
          <button type="button" onClick={() => setOpen(null)}>
            Cancel
          </button>
          <button
            type="button"
            onClick={() => {
              setRows((all) => all.filter((one) => one !== open));
              setOpen(null);
            }}
          >
            Remove
          </button>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  it('is a dialog named by its heading, with its footer; closing returns focus to its opener', () => {
    render(<Rows fallback />);
    const opener = screen.getByRole('button', { name: 'Open b' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Row b' });
    expect(dialog.querySelector('footer')?.textContent).toBe('Footer action');
    screen.getByRole('button', { name: 'Cancel' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape asks the owner to close it, and focus comes back', () => {
    render(<Rows fallback={false} />);
    const opener = screen.getByRole('button', { name: 'Open a' });
    opener.focus();
    fireEvent.click(opener);
    act(() => {
      screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('when its opener is gone (the row was removed), focus goes to the fallback', () => {
    render(<Rows fallback />);
    const opener = screen.getByRole('button', { name: 'Open a' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('button', { name: 'Open a' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rows' }));
  });
});
