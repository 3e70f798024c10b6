import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareDialog } from '../../../src/carts/share-dialog';
import { listLoaded } from '../../../streams/carts/events';
import { shareActionsLoaded } from '../../../streams/carts/share-events';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });

function openDialog() {
  return renderWithStore(<ShareDialog cartId="6" onClose={() => undefined} />, [
    alice,
    listLoaded({ carts: [aCart({ id: '6' })] }),
    shareActionsLoaded({ actions: [{ code: 'view', label: 'View' }] }),
  ]);
}

const shareAsked = (dispatched: { type: string; payload: unknown }[]) =>
  dispatched.filter((event) => event.type === 'carts/shareRequested').map((event) => event.payload);

describe('Share dialog: the shareMode variant of shareCart (seed 000 §7)', () => {
  it('sends the options body while no share mode is chosen', () => {
    const { dispatched } = openDialog();
    const select = screen.getByRole('combobox', { name: 'Share mode' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ask for password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const [payload] = shareAsked(dispatched);
    expect(payload).toMatchObject({ mode: 'link', askForPassword: true, withAssetsDescriptions: true });
    expect(payload).not.toHaveProperty('shareMode');
  });

  it('a chosen mode takes the place of the password and descriptions options, and is sent', () => {
    const { dispatched } = openDialog();
    fireEvent.change(screen.getByRole('combobox', { name: 'Share mode' }), {
      target: { value: 'protected' },
    });
    expect(screen.queryByRole('checkbox', { name: 'Ask for password' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Include asset descriptions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(shareAsked(dispatched)).toEqual([
      expect.objectContaining({ mode: 'link', shareMode: 'protected' }),
    ]);
  });

  it('offers the modes in French too', () => {
    renderWithStore(<ShareDialog cartId="6" onClose={() => undefined} />, [
      whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'fr' } }),
      listLoaded({ carts: [aCart({ id: '6' })] }),
    ]);
    const select = screen.getByRole('combobox', { name: 'Mode de partage' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Avec les options ci-dessous',
      'Public : toute personne ayant le lien',
      'Protégé : le serveur fournit un mot de passe',
    ]);
  });
});
