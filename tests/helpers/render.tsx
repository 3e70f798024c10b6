import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PortalProvider, type usePortal } from '../../src/app/store-context';
import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import { initialRootState, type RootState } from '../../streams/root';
import { allDomains } from './all-domains';
import { fold } from './marbles';
import { rootStoreWithoutEpics } from './store-without-epics';

/**
 * Renders a view over a real store folded from `events`, epics off; returns what it dispatched.
 * @example const { dispatched } = renderWithStore(<HomePage />, [started(payload)]);
 */
export function renderWithStore(
  ui: ReactElement,
  events: Array<UnstampedEvent> = [],
  from: RootState = initialRootState,
  /** more of the portal's context (the uploads' `files`) */
  portal: Partial<ReturnType<typeof usePortal>> = {},
) {
  const store = rootStoreWithoutEpics({ initialState: fold(events, from) });
  const dispatched: AnyEvent[] = [];
  store.event$.subscribe((event) => dispatched.push(event));
  const exports: string[] = [];
  const exportEventLog = async () => {
    exports.push('dam-portal-test.evlog.json');
    return 'dam-portal-test.evlog.json';
  };
  const view = render(
    <PortalProvider value={{ store, domains: allDomains, exportEventLog, ...portal }}>{ui}</PortalProvider>,
  );
  return { ...view, store, dispatched, exports };
}
