import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { constraintSchema } from '../core/query/operators';

/**
 * Natural-language search (protocol §22, §23.12; seed 002 §7).
 *
 * Public API (events to dispatch)
 * - `naturalLanguage/enabledChanged` {enabled}: the "Natural language" checkbox (kept in state).
 * - `naturalLanguage/analyzeRequested` {text, cursor?}: the user asked (Enter, never while
 *   typing): GET /luis/analyze?phrase=text. `cursor` is the list whose query the result replaces
 *   (default `search`, the search screen's list). A new ask cancels one still on its way.
 *   → `naturalLanguage/analyzeStarted`, then
 *   · intent `search`: `naturalLanguage/analyzed` {cursor, text, chips}: the entities mapped by
 *     the table of §22 (model.ts `chipsOf`), and the domain dispatches
 *     `queries/constraintsRequested` {name: cursor, constraints: every chip's constraints,
 *     replace: true}: the list's query becomes exactly those (never null, §23.12); `{op}_{field}`
 *     constraints are turned into ids by the queries domain (§8.3);
 *   · any other intent: `naturalLanguage/notUnderstood` {cursor, text, intent, message:
 *     'No search understood in this sentence'} (the query is left as it was);
 *   · a failed call: `naturalLanguage/analyzeFailed` {cursor, error}.
 * - `naturalLanguage/chipRemoved` {cursor, key, constraintKeys}: removes one chip (dispatch the
 *   `removal` of selectNaturalLanguageChips): its constraints are removed from the query
 *   (`queries/constraintsRequested` with null for each of its keys); the list loads again.
 * - `naturalLanguage/cleared` {cursor, constraintKeys} (selectNaturalLanguageClear gives it):
 *   forgets the chips and removes their constraints.
 *
 * Selectors (`selectors.ts`): selectNaturalLanguageEnabled, selectNaturalLanguage(state, cursor)
 * (status, text, message, error), selectNaturalLanguageChips(state, cursor) (the chips whose
 * constraints are still in the list's query: label parts and the removal event),
 * offersNaturalLanguage(text) (a phrase of §22 starts the text: offer to switch it on),
 * NATURAL_LANGUAGE_NAMESPACES (how the list joins the namespaces of §22).
 */

const cursor = z.string().check(minLength(1));

/** What a chip is about: the rows of the table of §22. */
const chipKindSchema = z.enum(['age', 'rights', 'duration', 'other']);
export type ChipKind = z.infer<typeof chipKindSchema>;

/**
 * One removable filter found in a sentence: `key` (the constraint key of §22), the kind and
 * value (`age.baby`, `2027-06-30`, `videoDuration.small`, or the values of another type, joined
 * by `, `), the entity `type`, the words of the sentence (`text`), and the query constraints it
 * sets (by constraint key; one chip may set several: age.baby is an or of three).
 */
const chipSchema = z.object({
  key: z.string(),
  kind: chipKindSchema,
  type: z.string(),
  value: z.string(),
  text: z.string(),
  constraints: z.record(z.string(), constraintSchema),
});
export type Chip = z.infer<typeof chipSchema>;

export const enabledChanged = defineIntent('naturalLanguage/enabledChanged', { enabled: z.boolean() });

export const analyzeRequested = defineIntent('naturalLanguage/analyzeRequested', {
  text: z.string().check(minLength(1)),
  cursor: z.optional(cursor),
});
export const analyzeStarted = defineFact('naturalLanguage/analyzeStarted', 'system', {
  cursor,
  text: z.string(),
});
export const analyzed = defineAnswer('naturalLanguage/analyzed', {
  cursor,
  text: z.string(),
  chips: z.array(chipSchema),
});
export const notUnderstood = defineAnswer('naturalLanguage/notUnderstood', {
  cursor,
  text: z.string(),
  intent: z.string(),
  message: z.string(),
});
export const analyzeFailed = defineFailure('naturalLanguage/analyzeFailed', { cursor });

/** `constraintKeys`: the chip's constraint keys (the selector's `removal` event carries them). */
export const chipRemoved = defineIntent('naturalLanguage/chipRemoved', {
  cursor,
  key: z.string(),
  constraintKeys: z.array(z.string()),
});
/** Forgets every chip of the list; `constraintKeys` (selectNaturalLanguageClear gives them) leave its query. */
export const cleared = defineIntent('naturalLanguage/cleared', {
  cursor,
  constraintKeys: z.array(z.string()),
});
