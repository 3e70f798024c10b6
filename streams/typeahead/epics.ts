import { concat, EMPTY, type Observable, of, switchMap, timer } from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { requestAnswer } from '../core/request';
import { selectCursor, type WithCursors } from '../cursors/selectors';
import { selectWireQuery, type WithQueries } from '../queries/selectors';
import { selectSchema, type WithSchemas } from '../schemas/selectors';
import { readWords, type WordsScope, wordsRequest } from './api';
import { cleared, inputChanged, wordsFailed, wordsInvalidated, wordsLoaded, wordsRequested } from './events';
import type { WithTypeahead } from './selectors';

type S = WithTypeahead & WithCursors & WithQueries & WithSchemas;

/** The list a suggestion is scoped by: the cursor of the same name (protocol §8.1). */
function scopeOf(state: S, name: string): WordsScope | null {
  const cursor = selectCursor(state, name);
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
    perKey(
      (event) => event.payload.name,
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
    requestAnswer(
      deps.http,
      wordsRequest(scope, text),
      (data) => {
        const received = data.state === null || data.state === undefined ? null : String(data.state);
        if (received !== text) return wordsInvalidated({ name, sent: text, received }, cause);
        return wordsLoaded({ name, text, words: readWords(data, deps.config.typeaheadMaxWords) }, cause);
      },
      (error) => wordsFailed({ name, text, error }, cause),
    ),
  );
}
