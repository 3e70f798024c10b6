import { throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { combineEpics, type Epic } from '../../../streams/core/epic';
import { createStore } from '../../../streams/core/store';
import { epicCrashed } from '../../../streams/core/system-events';
import { allDomains } from '../../helpers/all-domains';
import { testDeps } from '../../helpers/test-deps';

describe('epics are registered by name (ARCHITECTURE "Layout")', () => {
  it('every epic of every domain has one unique name, <domain>/<epic>', () => {
    const names = allDomains.epicNames();
    expect(names.length).toBeGreaterThan(50);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z]+\/[a-zA-Z]+$/);
    // three epics were once all called loadList: their domains tell them apart now
    expect(names).toEqual(
      expect.arrayContaining(['carts/loadList', 'notifications/loadList', 'savedSearches/loadList']),
    );
  });

  it('a crashing epic is reported under its registered name', () => {
    const crashing: Epic<string[]> = () => throwError(() => new Error('boom'));
    const store = createStore<string[]>({
      reducer: (names, event) => (epicCrashed.match(event) ? [...names, event.payload.epic] : names),
      rootEpic: combineEpics({ 'carts/loadList': crashing }),
      deps: testDeps({ config: { epicMaxRestarts: 0 } }),
      initialState: [],
    });
    expect(store.getState()).toEqual(['carts/loadList']);
    store.destroy();
  });
});
