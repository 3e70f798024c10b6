import { filter, type OperatorFunction } from 'rxjs';
import type { AnyEvent, AppEvent } from '../event';

interface Matcher<E extends AppEvent> {
  match(event: { type: string }): event is E;
}

type Matched<M> = M extends Matcher<infer E> ? E : never;

/** Keeps the events of the given definitions, typed as the union of them. */
export function ofType<M extends Matcher<AppEvent>[]>(
  ...definitions: M
): OperatorFunction<AnyEvent, Matched<M[number]>> {
  return filter((event: AnyEvent): event is Matched<M[number]> =>
    definitions.some((definition) => definition.match(event)),
  );
}
