import { NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import type { UnstampedEvent } from '../../../streams/core/event';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { pagesDomain } from '../../../streams/pages/domain';
import {
  blockAddRequested,
  blockChanged,
  blockTransferRequested,
  editModeEntered,
  listRequested,
  pageRequested,
  publishRequested,
  saveRequested,
} from '../../../streams/pages/events';
import { selectEditSession, selectPage } from '../../../streams/pages/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Helpers = Parameters<Parameters<TestScheduler['run']>[0]>[0];
type Cold = Helpers['cold'];
type Hot = Helpers['hot'];
type Answer = (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>> | undefined;

/** The rich-text template (a block of the model page, 8) pages and columns may hold. */
const TEMPLATE_ID = 30;
const pageRow = (id: number, version = 1) => ({
  id,
  name: 'Home',
  template: 'landing',
  path: 'home',
  props: '{}',
  features: ['edit'],
  validchildren: [{ id: TEMPLATE_ID, name: 'Text' }],
  version,
  status: { id: 6 },
  copietravail: null,
});
const heading = {
  id: 10,
  parent: 'clubwedpagedesc_1',
  props: '{}',
  value: 'Hi',
  position: 1,
  enabled: true,
  name: 'T',
  component: 'heading',
  slot: 'main',
};
/** a columns block (11) holding one block (13), and a text (12) after it: for the structure tests */
const columns = {
  ...heading,
  id: 11,
  position: 2,
  name: 'C',
  component: 'columns',
  validchildren: [{ id: TEMPLATE_ID, name: 'Text' }],
};
const text = { ...heading, id: 12, position: 3, name: 'X', value: '<p>x</p>', component: 'rich-text' };
const inColumns = {
  ...text,
  id: 13,
  position: 1,
  parent: 'clubwedpagedesc_1_clubwedwidget_11',
  slot: 'left',
};
const template = { ...text, id: TEMPLATE_ID, parent: 'clubwedpagedesc_8', position: 1, name: 'Text' };
const added = { ...text, id: 20, position: 4, name: 'New' };

/**
 * `new_children` as the server answers an assign: the ids sent, a copy (20) where a template or a
 * block of another parent stood (the demo's columns 11 holds 13 only).
 */
function assigned(request: HttpRequest<unknown>): number[] {
  const form = (request.body as { form: { form_id: number; form_value: string[] } }).form;
  const copied = form.form_id === 11 ? ['30', '12'] : ['30'];
  return form.form_value.map((id) => (copied.includes(id) ? 20 : Number(id)));
}
const list = (data: unknown[], token?: string) => ({
  response: { data },
  links: token ? { nextResultsToken: token } : {},
});

function setup(scheduler: TestScheduler, answer: Answer) {
  const http = fakeHttp((request) => answer(request) ?? NEVER);
  const store = epicStore(testDeps({ scheduler, http }), domainEpics<RootState>(pagesDomain));
  return { http, store };
}

/** The fake server: each call answers after `delay` frames of virtual time. */
function server(cold: Cold, delay: number, widgets: unknown[] = [heading]): Answer {
  const at = (data: unknown) => cold(`${delay}ms (r|)`, { r: { status: 200, data } });
  return (request) => {
    if (request.path === '/rest/data/page') return at(list([pageRow(1), pageRow(2, 2)]));
    if (request.path.startsWith('/rest/data/page/'))
      return at({ response: { data: pageRow(Number(request.path.split('/').pop())) } });
    if (request.path === '/rest/data/pagewidget') {
      const query = JSON.stringify(request.query);
      return at(list(query.includes('"id":20') ? [added] : query.includes('"in"') ? [template] : widgets));
    }
    if (request.path.endsWith('affect_collection.jspz')) return at({ new_children: assigned(request) });
    if (request.path.endsWith('sort.jspz')) return at('');
    if (request.path === '/rest/data/pagefile') return at(list([]));
    if (request.path.startsWith('/rest/bs/')) return at({ response: { data: '0' } });
    if (request.path.startsWith('/json/')) return at(null);
    return undefined;
  };
}

describe('pages epics (marbles)', () => {
  it('asks the list first, then the page of the highest version, its widgets then its files', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, http } = setup(scheduler, server(cold, 10));
      hot('a', { a: pageRequested({ path: 'home' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/')).toBe('(ab) 6ms (cd) 26ms e', {
        a: 'pages/pageRequested',
        b: 'pages/listStarted',
        c: 'pages/listLoaded',
        d: 'pages/pageStarted',
        e: 'pages/pageLoaded',
      });
      scheduler.schedule(() => {
        expect(http.requests.map((request) => request.path)).toEqual([
          '/rest/data/page',
          '/rest/data/page/2',
          '/rest/data/pagewidget',
          '/rest/data/pagefile',
        ]);
        expect(selectPage(store.getState(), 'home')?.status).toBe('loaded');
      }, 100);
    });
  });

  it('a page asked while the list is on its way waits for it: one list request', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, http } = setup(scheduler, server(cold, 10));
      hot('a 2ms b', { a: listRequested({}), b: pageRequested({ path: 'home' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/pageLoaded')).toBe('40ms a', { a: 'pages/pageLoaded' });
      scheduler.schedule(() => {
        expect(http.requests.filter((request) => request.path === '/rest/data/page')).toHaveLength(1);
      }, 100);
    });
  });

  it('skips a request for a path while it is fetching; a later one reloads', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store } = setup(scheduler, server(cold, 10));
      hot('a 14ms a 50ms a', { a: pageRequested({ path: 'home' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/pageLoaded')).toBe('40ms a 55ms a', { a: 'pages/pageLoaded' });
    });
  });

  it('writes the dirty widgets one after the other, refusing a publish while changes are unsaved', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, http } = setup(scheduler, server(cold, 5));
      hot('a 100ms b 50ms (cd) 50ms e', {
        a: pageRequested({ path: 'home' }),
        b: editModeEntered({ path: 'home' }),
        c: blockChanged({ path: 'home', uid: 'clubwedwidget_10', changes: { value: 'New' } }),
        d: publishRequested({ path: 'home' }),
        e: saveRequested({ path: 'home' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/publishFailed')).toBe('152ms a', { a: 'pages/publishFailed' });
      expectObservable(typesOf(store, 'pages/saved')).toBe('211ms a', { a: 'pages/saved' });
      scheduler.schedule(() => {
        const saves = http.requests.filter((request) => request.path.startsWith('/json/update/'));
        expect(saves).toEqual([
          {
            method: 'PATCH',
            path: '/json/update/clubwedwidget/10',
            query: {
              prop_value: 'New',
              prop_props: '{}',
              prop_position: '1',
              prop_enabled: 'true',
              prop_name: 'T',
            },
          },
        ]);
        expect(selectEditSession(store.getState(), 'home')?.changes).toEqual({});
      }, 300);
    });
  });

  describe('a save or a publish whose answer was lost is read back (issue 27)', () => {
    const lost = new AppError({ code: 'error.network', message: 'Failed to fetch' });
    const events = (store: ReturnType<typeof setup>['store'], prefix: string) => {
      const seen: { type: string; code?: string }[] = [];
      store.event$.subscribe((event) => {
        if (!event.type.startsWith(prefix)) return;
        const error = (event.payload as { error?: { code: string } }).error;
        seen.push({ type: event.type, ...(error && { code: error.code }) });
      });
      return seen;
    };

    for (const applied of [true, false]) {
      it(`the server ${applied ? 'holds' : 'does not hold'} what was sent: ${applied ? 'saved' : 'failed, Save again'}`, () => {
        const scheduler = marbleScheduler();
        scheduler.run(({ hot, cold }) => {
          const base = server(cold, 5);
          let saveReached = false;
          const { store, http } = setup(scheduler, (request) => {
            if (request.path.startsWith('/json/update/')) {
              saveReached = applied;
              return cold('5ms #', undefined, lost);
            }
            if (request.path === '/rest/data/pagewidget' && saveReached)
              return cold('5ms (r|)', { r: { status: 200, data: list([{ ...heading, value: 'New' }]) } });
            return base(request);
          });
          const seen = events(store, 'pages/save');
          hot('a 100ms b 50ms c 10ms d', {
            a: pageRequested({ path: 'home' }),
            b: editModeEntered({ path: 'home' }),
            c: blockChanged({ path: 'home', uid: 'clubwedwidget_10', changes: { value: 'New' } }),
            d: saveRequested({ path: 'home' }),
          }).subscribe(store.dispatch);
          scheduler.schedule(() => {
            expect(seen.slice(1)).toEqual([
              { type: 'pages/saveStarted' },
              applied ? { type: 'pages/saved' } : { type: 'pages/saveFailed', code: 'error.network' },
            ]);
            // the read back: the draft's row, its widgets and files, after the save that got no answer
            const after = http.requests.slice(
              http.requests.findIndex((one) => one.path.startsWith('/json/')),
            );
            expect(after.map((request) => request.path)).toEqual([
              '/json/update/clubwedwidget/10',
              '/rest/data/page/2',
              '/rest/data/pagewidget',
              '/rest/data/pagefile',
            ]);
            expect(Object.keys(selectEditSession(store.getState(), 'home')?.changes ?? {})).toEqual(
              applied ? [] : ['clubwedwidget_10'],
            );
          }, 300);
        });
      });
    }

    it('a publish the server did is said published, then the list and the page are read again', () => {
      const scheduler = marbleScheduler();
      scheduler.run(({ hot, cold }) => {
        const base = server(cold, 5);
        const { store } = setup(scheduler, (request) =>
          request.path.startsWith('/json/workflow/') ? cold('5ms #', undefined, lost) : base(request),
        );
        const seen = events(store, 'pages/publish');
        const loads = events(store, 'pages/pageLoaded');
        hot('a 100ms b', {
          a: pageRequested({ path: 'home' }),
          b: publishRequested({ path: 'home' }),
        }).subscribe(store.dispatch);
        scheduler.schedule(() => {
          expect(seen).toEqual([
            { type: 'pages/publishRequested' },
            { type: 'pages/publishStarted' },
            { type: 'pages/published' },
          ]);
          // the page as loaded first, then again after the publish
          expect(loads).toHaveLength(2);
        }, 300);
      });
    });

    it('a publish whose read back fails too is unconfirmed', () => {
      const scheduler = marbleScheduler();
      scheduler.run(({ hot, cold }) => {
        const base = server(cold, 5);
        let published = false;
        const { store } = setup(scheduler, (request) => {
          if (request.path.startsWith('/json/workflow/')) {
            published = true;
            return cold('5ms #', undefined, lost);
          }
          if (published) return cold('5ms #', undefined, lost);
          return base(request);
        });
        const seen = events(store, 'pages/publish');
        hot('a 100ms b', {
          a: pageRequested({ path: 'home' }),
          b: publishRequested({ path: 'home' }),
        }).subscribe(store.dispatch);
        scheduler.schedule(() => {
          expect(seen.at(-1)).toEqual({ type: 'pages/publishFailed', code: 'error.network.unconfirmed' });
        }, 300);
      });
    });
  });

  describe('structure', () => {
    const page = [heading, columns, text, inColumns];
    /** the page loaded, then edit mode's draft with its templates (at 126 frames), then `action` at 152 */
    const editThen = (hot: Hot, store: ReturnType<typeof setup>['store'], action: UnstampedEvent) =>
      hot('a 100ms b 50ms c', {
        a: pageRequested({ path: 'home' }),
        b: editModeEntered({ path: 'home' }),
        c: action,
      }).subscribe(store.dispatch);
    const writes = (requests: HttpRequest<unknown>[]) =>
      requests
        .filter((request) => !request.path.startsWith('/rest/'))
        .map(({ method, path, query, body }) => ({ method, path, query, body }));

    it('an insertion point assigns the children with the template in that place, sorts, then reads the copy', () => {
      const scheduler = marbleScheduler();
      scheduler.run(({ hot, cold, expectObservable }) => {
        const { store, http } = setup(scheduler, server(cold, 5, page));
        const at = { path: 'home', parentUid: 'clubwedpagedesc_1', slot: 'main', component: 'rich-text' };
        editThen(hot, store, blockAddRequested({ ...at, index: 1 }));
        // assign 157, sort 162, the copy read 167
        expectObservable(typesOf(store, 'pages/blockMoved')).toBe('167ms a', { a: 'pages/blockMoved' });
        expectObservable(typesOf(store, 'pages/blockAdded')).toBe('167ms a', { a: 'pages/blockAdded' });
        scheduler.schedule(() => {
          const [assign, sort, ...others] = writes(http.requests);
          expect(assign?.body).toEqual({
            form: {
              form_object: 'clubwedpagedesc',
              form_id: 1,
              form_field: 'children',
              form_value: ['10', '30', '11', '12'],
            },
          });
          expect(sort?.body).toMatchObject({ form: { clubwedwidget_1: ['10', '20', '11', '12'] } });
          expect(others).toEqual([]);
          const order = selectEditSession(store.getState(), 'home')
            ?.draft?.widgets.filter(
              (widget) => widget.slot === 'main' && widget.parent === 'clubwedpagedesc_1',
            )
            .sort((a, b) => a.position - b.position)
            .map((widget) => widget.id);
          expect(order).toEqual([10, 20, 11, 12]);
        }, 300);
      });
    });

    it("a block added to a slot other than its template's is saved there before the sort", () => {
      const scheduler = marbleScheduler();
      scheduler.run(({ hot, cold, expectObservable }) => {
        const { store, http } = setup(scheduler, server(cold, 5, page));
        const at = { path: 'home', parentUid: 'clubwedwidget_11', slot: 'right', component: 'rich-text' };
        editThen(hot, store, blockAddRequested(at));
        expectObservable(typesOf(store, 'pages/blockAdded')).toBe('172ms a', { a: 'pages/blockAdded' });
        scheduler.schedule(() => {
          const [assign, save, sort] = writes(http.requests);
          // the left slot's block is named too: a child left out would be removed
          expect(assign?.body).toMatchObject({ form: { form_id: 11, form_value: ['13', '30'] } });
          expect(save).toMatchObject({
            path: '/json/update/clubwedwidget/20',
            query: { prop_slot: 'right' },
          });
          expect(sort?.body).toMatchObject({ form: { clubwedwidget_1: ['13', '20'] } });
        }, 300);
      });
    });

    it('a block no template of the parent offers is refused, with no request', () => {
      const scheduler = marbleScheduler();
      scheduler.run(({ hot, cold, expectObservable }) => {
        const { store, http } = setup(scheduler, server(cold, 5, page));
        const at = { path: 'home', parentUid: 'clubwedpagedesc_1', slot: 'main', component: 'image' };
        editThen(hot, store, blockAddRequested(at));
        expectObservable(typesOf(store, 'pages/blockAddFailed')).toBe('152ms a', {
          a: 'pages/blockAddFailed',
        });
        scheduler.schedule(() => expect(writes(http.requests)).toEqual([]), 300);
      });
    });

    it('a move to another slot assigns, saves the block there with its changes, sorts, deletes the old one, reloads', () => {
      const scheduler = marbleScheduler();
      scheduler.run(({ hot, cold, expectObservable }) => {
        const { store, http } = setup(scheduler, server(cold, 5, page));
        hot('150ms a', {
          a: blockChanged({ path: 'home', uid: 'clubwedwidget_12', changes: { value: 'Moved' } }),
        }).subscribe(store.dispatch);
        const to = { parentUid: 'clubwedwidget_11', slot: 'left', index: 0 };
        editThen(hot, store, blockTransferRequested({ path: 'home', uid: 'clubwedwidget_12', ...to }));
        // assign 157, save 162, sort 167, delete 172, then the draft: page, widgets, files, templates
        expectObservable(typesOf(store, 'pages/blockTransferred')).toBe('172ms a', {
          a: 'pages/blockTransferred',
        });
        expectObservable(typesOf(store, 'pages/draftLoaded')).toBe('126ms a 65ms a', {
          a: 'pages/draftLoaded',
        });
        scheduler.schedule(() => {
          expect(writes(http.requests).map((request) => `${request.method} ${request.path}`)).toEqual([
            'POST /../bov3/common/actions/affect_collection.jspz',
            'PATCH /json/update/clubwedwidget/20',
            'POST /../bov3/datasort/actions/sort.jspz',
            'DELETE /json/delete/clubwedwidget/12',
          ]);
          const [assign, save, sort] = writes(http.requests);
          expect(assign?.body).toMatchObject({
            form: {
              form_object: 'clubwedwidget',
              form_id: 11,
              form_field: 'children',
              form_value: ['12', '13'],
            },
          });
          expect(save?.query).toMatchObject({ prop_value: 'Moved', prop_name: 'X', prop_slot: 'left' });
          expect(sort?.body).toMatchObject({ form: { clubwedwidget_1: ['20', '13'] } });
          expect(selectEditSession(store.getState(), 'home')?.changes).toEqual({});
        }, 400);
      });
    });

    it('refuses to move a block holding other blocks to another slot, with no request', () => {
      const scheduler = marbleScheduler();
      scheduler.run(({ hot, cold, expectObservable }) => {
        const { store, http } = setup(scheduler, server(cold, 5, page));
        const to = { parentUid: 'clubwedpagedesc_1', slot: 'aside', index: 0 };
        editThen(hot, store, blockTransferRequested({ path: 'home', uid: 'clubwedwidget_11', ...to }));
        expectObservable(typesOf(store, 'pages/blockTransferFailed')).toBe('152ms a', {
          a: 'pages/blockTransferFailed',
        });
        scheduler.schedule(() => expect(writes(http.requests)).toEqual([]), 300);
      });
    });
  });
});
