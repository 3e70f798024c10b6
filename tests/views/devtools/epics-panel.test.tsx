import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EpicsPanel } from '../../../src/devtools/epics-panel';
import { epicCrashed } from '../../../streams/core/system-events';
import { renderWithStore } from '../../helpers/render';

const crash = (epic: string, restarted: boolean) =>
  epicCrashed({ epic, restarted, error: { code: 'error.wedia-vue.untrapped', message: 'boom' } });

describe('devtools: epics by name', () => {
  it('lists every registered epic with what its crashes did to it', () => {
    renderWithStore(<EpicsPanel />, [crash('carts/loadList', true), crash('typeahead/suggestWords', false)]);
    expect(screen.getByText(/Epics: \d+ registered, 1 stopped/)).toBeTruthy();
    const stateOf = (name: string) =>
      screen.getByText(name).closest('tr')?.querySelectorAll('td')[1]?.textContent;
    expect(stateOf('carts/loadList')).toBe('restarted after 1 crash(es)');
    expect(stateOf('typeahead/suggestWords')).toBe('stopped after too many crashes');
    expect(stateOf('downloads/pollReadiness')).toBe('running');
  });
});
