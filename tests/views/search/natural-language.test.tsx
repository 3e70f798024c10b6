import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { SearchPage } from '../../../src/search/search-page';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import type { UnstampedEvent } from '../../../streams/core/event';
import * as cursors from '../../../streams/cursors/events';
import {
  analyzed,
  analyzeFailed,
  analyzeStarted,
  enabledChanged,
  notUnderstood,
} from '../../../streams/natural-language/events';
import { chipsOf } from '../../../streams/natural-language/selectors';
import { constraintsSet } from '../../../streams/queries/events';
import { navigated } from '../../../streams/router/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { renderWithStore } from '../../helpers/render';

const sentence = 'show me short videos of babies';
const chips = chipsOf([
  { entity: 'short videos', type: 'duration', resolution: { values: ['videoDuration.small'] } },
  { entity: 'babies', type: 'age.baby#or_aiavgage', resolution: { values: ['age.baby'] } },
]);
const constraints = Object.assign({}, ...chips.map((chip) => chip.constraints));

function open(events: UnstampedEvent[] = [], search = '') {
  return renderWithStore(
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <SearchPage />
    </Router>,
    [
      navigated({ path: '/search', search, via: 'link' }),
      cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
      ...events,
    ],
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
const payloads = (dispatched: { type: string; payload: unknown }[], type: string) =>
  dispatched.filter((event) => event.type === type).map((event) => event.payload);

describe('natural-language search on /search (protocol §22)', () => {
  it('the checkbox switches it on; the text goes to the analyzer only on Enter, no suggestion asked while typing', () => {
    const { dispatched, store } = open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Natural language' }));
    expect(payloads(dispatched, 'naturalLanguage/enabledChanged')).toEqual([{ enabled: true }]);
    act(() => store.dispatch(enabledChanged({ enabled: true })));
    dispatched.length = 0;
    fireEvent.change(box(), { target: { value: sentence } });
    expect(dispatched.map((event) => event.type)).toEqual([]);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(payloads(dispatched, 'naturalLanguage/analyzeRequested')).toEqual([
      { text: sentence, cursor: SEARCH_CURSOR },
    ]);
    // the words of the sentence are not a fulltext search
    expect(payloads(dispatched, 'router/navigated')).toEqual([]);
  });

  it('a sentence typed with it off offers to switch it on, which analyses it', () => {
    const { dispatched } = open();
    fireEvent.change(box(), { target: { value: "I'm looking for lakes" } });
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Search in natural language' }));
    expect(dispatched.map((event) => [event.type, event.payload])).toEqual([
      ['naturalLanguage/enabledChanged', { enabled: true }],
      ['naturalLanguage/analyzeRequested', { text: "I'm looking for lakes", cursor: SEARCH_CURSOR }],
    ]);
    fireEvent.change(box(), { target: { value: 'lakes' } });
    expect(screen.queryByRole('button', { name: 'Search in natural language' })).toBeNull();
  });

  it('the constraints found show as active filters, removable one by one, and all at once', () => {
    const { dispatched } = open([
      enabledChanged({ enabled: true }),
      analyzeStarted({ cursor: SEARCH_CURSOR, text: sentence }),
      analyzed({ cursor: SEARCH_CURSOR, text: sentence, chips }),
      constraintsSet({ name: SEARCH_CURSOR, constraints, replace: true }),
    ]);
    expect(box().value).toBe(sentence);
    const duration = screen.getByRole('button', { name: 'Remove filter Video duration: up to 5 minutes' });
    expect(screen.getByRole('button', { name: 'Remove filter Age: babies' })).toBeTruthy();
    dispatched.length = 0;
    fireEvent.click(duration);
    expect(payloads(dispatched, 'naturalLanguage/chipRemoved')).toEqual([
      {
        cursor: SEARCH_CURSOR,
        key: 'videoDuration.small',
        constraintKeys: ['videoDuration.small#video', 'videoDuration.small', 'videoDuration.small#lte'],
      },
    ]);
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(dispatched.map((event) => event.type)).toEqual(['naturalLanguage/cleared', 'router/navigated']);
  });

  it('facets and the category are active filters too', () => {
    const { dispatched } = open([], '?node=12&f.assetnature=2');
    expect(screen.getByRole('button', { name: /^Remove filter (assetnature|Nature): 2$/ })).toBeTruthy();
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Category: 12' }));
    expect(payloads(dispatched, 'router/navigated')).toEqual([
      { path: '/search', search: '?f.assetnature=2', via: 'replace' },
    ]);
  });

  it('a sentence not understood says so as a status', () => {
    open([
      analyzeStarted({ cursor: SEARCH_CURSOR, text: 'hello there' }),
      notUnderstood({
        cursor: SEARCH_CURSOR,
        text: 'hello there',
        intent: 'None',
        message: 'No search understood in this sentence',
      }),
    ]);
    expect(screen.getByText('No search understood in this sentence').getAttribute('role')).toBe('status');
  });

  it('a failed analysis offers "Try again"', () => {
    const { dispatched } = open([
      analyzeStarted({ cursor: SEARCH_CURSOR, text: sentence }),
      analyzeFailed({ cursor: SEARCH_CURSOR, error: { code: 'error.http.500', message: 'boom' } }),
    ]);
    expect(screen.getByRole('alert').textContent).toMatch(/The sentence could not be analysed/);
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(payloads(dispatched, 'naturalLanguage/analyzeRequested')).toEqual([
      { text: sentence, cursor: SEARCH_CURSOR },
    ]);
  });
});

describe('the sentence in the address (a reload or a shared link runs it again)', () => {
  it('an address with a sentence switches natural language on and analyses it', () => {
    const { dispatched } = open([], `?nl=${encodeURIComponent(sentence)}`);
    expect(dispatched.map((event) => [event.type, event.payload])).toEqual([
      ['naturalLanguage/enabledChanged', { enabled: true }],
      ['naturalLanguage/analyzeRequested', { text: sentence, cursor: SEARCH_CURSOR }],
    ]);
  });

  it('a sentence being analysed is written into the address, with the rest of the search', () => {
    const { dispatched, store } = open([enabledChanged({ enabled: true })], '?sort=name+asc');
    dispatched.length = 0;
    act(() => store.dispatch(analyzeStarted({ cursor: SEARCH_CURSOR, text: sentence })));
    expect(payloads(dispatched, 'router/navigated')).toEqual([
      { path: '/search', search: '?sort=name+asc&nl=show+me+short+videos+of+babies', via: 'replace' },
    ]);
    // once there, it is neither written again nor analysed again
    dispatched.length = 0;
    act(() => store.dispatch(analyzed({ cursor: SEARCH_CURSOR, text: sentence, chips })));
    expect(dispatched.map((event) => event.type)).toEqual(['naturalLanguage/analyzed']);
  });
});
