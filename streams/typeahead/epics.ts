import {
  catchError,
  concat,
  EMPTY,
  groupBy,
  map,
  mergeMap,
  type Observable,
  of,
  switchMap,
  timer,
} from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import type { CursorsState } from '../cursors/reducer';
import type { QueriesState } from '../queries/reducer';
import { selectWireQuery } from '../queries/selectors';
import type { SchemasState } from '../schemas/reducer';
import { selectSchema } from '../schemas/selectors';
import { readWords, type WordsScope, wordsRequest } from './api';
import { cleared, inputChanged, wordsFailed, wordsInvalidated, wordsLoaded, wordsRequested } from './events';
import type { TypeaheadState } from './reducer';

type S = { typeahead: TypeaheadState; cursors: CursorsState; queries: QueriesState; schemas: SchemasState };

/** The list a suggestion is scoped by: the cursor of the same name (protocol §8.1). */
function scopeOf(state: S, name: string): WordsScope | null {
  const cursor = state.cursors.byName[name];
  if (!cursor) return null;
  const schema = selectSchema(state, cursor.path);
  return {
    path: cursor.path,
    query: selectWireQuery(state, name),
    i18nQuery: cursor.options.i18nQuery,
    customParams: cursor.options.customParams,
    sendPath: schema?.status !== 'resolved' || Boolean(schema.schemas),
  };
}

/**
 * protocol §8.1, §8.4 and §24: `suggest=words` 200 ms after the last keystroke. switchMap: a new
 * input cancels the wait and any request in flight, so an older answer can never arrive after a
 * newer input. An answer whose `state` is not the text asked is invalid and asked again at once.
 */
export const suggestWords: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(inputChanged, cleared, wordsInvalidated),
    groupBy((event) => event.payload.name),
    mergeMap((byName$) =>
      byName$.pipe(
        switchMap((event): Observable<UnstampedEvent> => {
          if (cleared.match(event)) return EMPTY;
          const { name } = event.payload;
          const text = inputChanged.match(event)
            ? event.payload.text
            : (state$.value.typeahead.byName[name]?.input ?? '');
          if (text.trim() === '') return EMPTY;
          const wait$ = wordsInvalidated.match(event)
            ? of(0)
            : timer(deps.config.typeaheadDebounceMs, deps.scheduler);
          return wait$.pipe(switchMap(() => askWords(deps, state$.value, name, text, event)));
        }),
      ),
    ),
  );

function askWords(
  deps: Deps,
  state: S,
  name: string,
  text: string,
  cause: AnyEvent,
): Observable<UnstampedEvent> {
  const scope = scopeOf(state, name);
  if (!scope) return EMPTY;
  return concat(
    of(wordsRequested({ name, text }, cause)),
    deps.http.request(wordsRequest(scope, text)).pipe(
      map(({ data }) => {
        const received = data.state === null || data.state === undefined ? null : String(data.state);
        if (received !== text) return wordsInvalidated({ name, sent: text, received }, cause);
        return wordsLoaded({ name, text, words: readWords(data, deps.config.typeaheadMaxWords) }, cause);
      }),
      catchError((thrown: unknown) => of(wordsFailed({ name, text, error: serializeError(thrown) }, cause))),
    ),
  );
}
