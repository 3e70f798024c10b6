import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { registered, registrationRequested, removed } from '../cursors/events';
import { constraintFailed, constraintResolved, constraintsSet, isRuleKey } from './events';
import { type Constraint, modeOf, splitOperator } from '../core/query/operators';
import { signatureOf } from '../core/signature';
import type { ConstraintEntry, QueriesState } from './state';

/** A plain constraint is resolved at once; a sub-query waits for its ids. */
export function entryOf(constraint: Constraint): ConstraintEntry {
  const { sub } = splitOperator(constraint.operator);
  return {
    constraint,
    mode: modeOf(splitOperator(constraint.operator).operator),
    status: sub === null ? 'resolved' : 'resolving',
    resolved: sub === null ? { operator: constraint.operator, value: constraint.value } : null,
    error: null,
    signature: signatureOf([constraint.field, constraint.operator, constraint.value, constraint.namespace]),
  };
}

function entriesOf(constraints: Record<string, Constraint> | undefined): Record<string, ConstraintEntry> {
  return Object.fromEntries(Object.entries(constraints ?? {}).map(([key, value]) => [key, entryOf(value)]));
}

type DraftEntry = Draft<ConstraintEntry> | undefined;

function findEntry(draft: Draft<QueriesState>, name: string, key: string): DraftEntry {
  const query = draft.byName[name];
  return query?.constraints[key] ?? query?.staticConstraints[key];
}

export const queriesReducer = caseReducer<QueriesState>(
  // the cursors reducer makes the same checks: one query per registered cursor
  on(registrationRequested, (draft, { payload }) => {
    if (!payload.name || !payload.path || draft.byName[payload.name]) return;
    draft.byName[payload.name] = {
      name: payload.name,
      path: payload.path,
      constraints: entriesOf(payload.constraints),
      staticConstraints: entriesOf(payload.staticConstraints),
      // the configured default comes with `cursors/registered` when none is asked
      staticQuery: payload.staticQuery ?? null,
      namespaces: payload.namespaces ?? {},
      excludedPaths: payload.excludedPaths ?? [],
    };
  }),
  on(registered, (draft, { payload }) => {
    const query = draft.byName[payload.name];
    if (query && payload.staticQuery !== undefined) query.staticQuery = payload.staticQuery;
  }),
  on(removed, (draft, { payload }) => {
    delete draft.byName[payload.name];
  }),
  on(constraintsSet, (draft, { payload }) => {
    const query = draft.byName[payload.name];
    if (!query) return;
    if (payload.replace) {
      for (const key of Object.keys(query.constraints)) {
        if (!(key in payload.constraints) && !isRuleKey(key)) delete query.constraints[key];
      }
    }
    for (const [key, constraint] of Object.entries(payload.constraints)) {
      if (constraint === null) delete query.constraints[key];
      else {
        const entry = entryOf(constraint);
        if (query.constraints[key]?.signature !== entry.signature) query.constraints[key] = entry;
      }
    }
  }),
  on(constraintResolved, (draft, { payload }) => {
    const entry = findEntry(draft, payload.name, payload.key);
    if (!entry) return;
    entry.status = 'resolved';
    entry.resolved = { operator: payload.operator, value: payload.value };
    entry.error = null;
  }),
  on(constraintFailed, (draft, { payload }) => {
    const entry = findEntry(draft, payload.name, payload.key);
    if (!entry) return;
    entry.status = 'error';
    entry.error = payload.error;
  }),
);
