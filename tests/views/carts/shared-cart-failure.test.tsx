import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SharedCartPage } from '../../../src/share/shared-cart-page';
import { sharedCartFailed, sharedCartOpened } from '../../../streams/carts/share-events';
import { renderWithStore } from '../../helpers/render';

describe('shared cart page: a failure in words', () => {
  it('says the shared cart could not be opened, with the raw text only behind Details and a retry', () => {
    const uuid = 'u-1';
    const { store } = renderWithStore(
      <Router hook={memoryLocation({ path: `/share/${uuid}` }).hook}>
        <Route path="/share/:uuid" component={SharedCartPage} />
      </Router>,
    );
    // the page opened the cart on mount; the server's failure comes next
    const opened = sharedCartOpened({ uuid, withPassword: false });
    act(() => {
      store.dispatch(
        sharedCartFailed(
          {
            uuid,
            withPassword: false,
            error: { code: 'error.http.500', message: 'Fault injected on /share', status: 500 },
          },
          store.dispatch(opened) ?? undefined,
        ),
      );
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The shared cart could not be opened.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    const details = alert.querySelector('details');
    expect(details?.textContent).toContain('Fault injected on /share');
    expect(alert.textContent?.indexOf('Fault injected')).toBeGreaterThan(
      alert.textContent?.indexOf('Details') ?? 0,
    );
  });
});
