import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from '../../../src/app/header';
import { ErrorView } from '../../../src/ui/error-view';
import { appStarted } from '../../helpers/app-started';
import { aliceKnown } from '../../helpers/identities';
import { renderWithStore } from '../../helpers/render';

const report = () => screen.queryByRole('button', { name: 'Report a problem' });

describe('"Report a problem" lives in the account menu, not in the header (issue 28)', () => {
  it.each([
    ['a visitor', [appStarted()], 'Visitor'],
    ['a user', [appStarted(), aliceKnown()], 'Signed in as alice'],
  ])('for %s: the header shows it only once the menu is open', async (_who, events, toggleName) => {
    renderWithStore(<Header />, events);
    expect(report()).toBeNull();
    // a user's corner comes with the portal's code (a lazy view)
    const toggle = await screen.findByRole('button', { name: toggleName });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(report()!);
    // the item goes with the menu; the dialog it opened stays
    expect(await screen.findByRole('dialog', { name: 'Report a problem' })).toBeTruthy();
    expect(report()).toBeNull();
  });

  it('Escape and a click elsewhere close the menu', async () => {
    renderWithStore(<Header />, [appStarted(), aliceKnown()]);
    const toggle = await screen.findByRole('button', { name: 'Signed in as alice' });
    await userEvent.click(toggle);
    fireEvent.keyDown(report()!, { key: 'Escape' });
    expect(report()).toBeNull();
    expect(document.activeElement).toBe(toggle);
    await userEvent.click(toggle);
    fireEvent.pointerDown(document.body);
    expect(report()).toBeNull();
  });

  it('stays on the error view', async () => {
    renderWithStore(<ErrorView error={{ code: 'error.http.500', message: 'boom' }} />, [appStarted()]);
    // it comes with the portal's chunk (a lazy import): there once the chunk has loaded
    expect(await screen.findByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });
});
