import { concat, EMPTY, map, mergeMap, of, switchMap } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { requestAnswer } from '../core/request';
import { constraintsRequested } from '../queries/events';
import * as api from './api';
import {
  analyzed,
  analyzeFailed,
  analyzeRequested,
  analyzeStarted,
  chipRemoved,
  cleared,
  notUnderstood,
} from './events';
import { constraintsOfChips, NOT_UNDERSTOOD, readAnswer } from './model';
import { NATURAL_LANGUAGE_DEFAULT_CURSOR, type WithNaturalLanguage } from './selectors';

type S = WithNaturalLanguage;

/** the list a sentence is for: each list's newest sentence wins over its own older ones only */
const cursorOf = ({ payload }: { payload: { cursor?: string } }): string =>
  payload.cursor ?? NATURAL_LANGUAGE_DEFAULT_CURSOR;

/**
 * protocol §22: a sentence the user asked for is analysed; a `search` intent replaces the list's
 * query with the mapped constraints (§23.12: never null), anything else is "not understood".
 * Per list, a newer sentence wins over one still on its way.
 */
export const analyzeSentence: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(analyzeRequested),
    perKey(
      cursorOf,
      switchMap((event) => {
        const cursor = cursorOf(event);
        const { text } = event.payload;
        return concat(
          of(analyzeStarted({ cursor, text }, event)),
          requestAnswer(
            deps.http,
            api.analyze(text),
            (answer) => {
              const read = readAnswer(answer);
              if (!read.search) {
                return notUnderstood({ cursor, text, intent: read.intent, message: NOT_UNDERSTOOD }, event);
              }
              return analyzed({ cursor, text, chips: read.chips }, event);
            },
            (error) => analyzeFailed({ cursor, error }, event),
          ),
        );
      }),
    ),
  );

/**
 * The chips of a `search` sentence replace the list's query (§22, §23.12: never null): one rule,
 * read from the analysis wherever it came from.
 */
export const applyChips: Epic<S> = (event$) =>
  event$.pipe(
    ofType(analyzed),
    map((event) => {
      const { cursor, chips } = event.payload;
      return constraintsRequested(
        { name: cursor, constraints: constraintsOfChips(chips), replace: true },
        event,
      );
    }),
  );

/** A chip removed (or all of them): its constraints leave the list's query, which loads again. */
export const removeChips: Epic<S> = (event$) =>
  event$.pipe(
    ofType(chipRemoved, cleared),
    mergeMap((event) => {
      const { cursor, constraintKeys } = event.payload;
      if (constraintKeys.length === 0) return EMPTY;
      const constraints = Object.fromEntries(constraintKeys.map((key) => [key, null]));
      return of(constraintsRequested({ name: cursor, constraints }, event));
    }),
  );
