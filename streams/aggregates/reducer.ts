import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { modeOf } from '../core/query/operators';
import { removed, rowRefreshed } from '../cursors/events';
import * as aggregateEvents from './events';
import type { AggregatesState, CursorAggregates } from './state';

function ofCursor(draft: Draft<AggregatesState>, cursor: string): Draft<CursorAggregates> {
  draft.byCursor[cursor] ??= {
    cursor,
    status: 'registered',
    error: null,
    total: 0,
    signature: null,
    lastSignature: null,
    constraints: {},
    fields: [],
  };
  return draft.byCursor[cursor];
}

const idKey = (id: unknown): string => (id === null || id === undefined ? '-1' : String(id));

export const aggregatesReducer = caseReducer<AggregatesState>(
  // a row of the list read again: its count moves from the values it lost to those it gained
  on(rowRefreshed, (draft, { payload }) => {
    for (const constraint of Object.values(draft.byCursor[payload.name]?.constraints ?? {})) {
      const change = payload.changes[constraint.field];
      if (!change) continue;
      for (const [values, by] of [
        [change.removed, -1],
        [change.added, 1],
      ] as const) {
        for (const value of values) {
          const id = idKey(value.id);
          if (!constraint.counts[id] && by < 0) continue;
          constraint.counts[id] ??= { count: 0, total: 0, name: value.name };
          const count = constraint.counts[id];
          count.count = Math.max(0, count.count + by);
          if (count.total !== null) count.total = Math.max(0, count.total + by);
        }
      }
    }
  }),
  on(aggregateEvents.constraintRegistered, (draft, { payload }) => {
    const target = ofCursor(draft, payload.cursor);
    const known = target.constraints[payload.key];
    // a key keeps its mode (seed 001 §5): the epic refuses the other one
    if (known && modeOf(known.operator) !== modeOf(payload.operator)) return;
    target.constraints[payload.key] = {
      field: payload.field,
      operator: payload.operator,
      showEmptyAggregate: payload.showEmptyAggregate ?? false,
      wanted: known?.wanted ?? [],
      counts: known?.field === payload.field ? known.counts : {},
    };
  }),
  on(aggregateEvents.idsWanted, (draft, { payload }) => {
    const constraint = draft.byCursor[payload.cursor]?.constraints[payload.key];
    if (!constraint) return;
    constraint.wanted = [...new Set([...constraint.wanted, ...payload.ids])];
  }),
  on(aggregateEvents.fetchStarted, (draft, { payload }) => {
    const target = draft.byCursor[payload.cursor];
    if (!target) return;
    target.status = payload.reset ? 'fetching' : 'next';
    target.signature = payload.signature;
    if (payload.reset) for (const constraint of Object.values(target.constraints)) constraint.counts = {};
  }),
  on(aggregateEvents.loaded, (draft, { payload }) => {
    const target = draft.byCursor[payload.cursor];
    if (!target) return;
    target.status = 'loaded';
    target.error = null;
    target.total = payload.total;
    target.lastSignature = payload.signature;
    for (const [key, buckets] of Object.entries(payload.aggregates)) {
      const constraint = target.constraints[key];
      if (!constraint) continue;
      for (const bucket of buckets) {
        const id = idKey(bucket.data?.id);
        constraint.counts[id] = {
          count: bucket.count,
          total: bucket.total ?? null,
          name: bucket.data?.name ?? '',
        };
      }
    }
  }),
  on(aggregateEvents.invalidated, (draft, { payload }) => {
    const target = draft.byCursor[payload.cursor];
    if (!target) return;
    target.status = 'invalid';
    target.lastSignature = payload.received;
  }),
  on(aggregateEvents.fetchFailed, (draft, { payload }) => {
    const target = draft.byCursor[payload.cursor];
    if (!target) return;
    target.status = 'error';
    target.error = payload.error;
  }),
  on(aggregateEvents.fieldRegistered, (draft, { payload }) => {
    const target = ofCursor(draft, payload.cursor);
    if (!target.fields.includes(payload.field)) target.fields.push(payload.field);
  }),
  on(removed, (draft, { payload }) => {
    delete draft.byCursor[payload.name];
    for (const sorted of Object.values(draft.sorted))
      if (sorted.cursor === payload.name) delete draft.sorted[sorted.id];
  }),
  on(aggregateEvents.sortedRegistered, (draft, { payload }) => {
    const known = draft.sorted[payload.id];
    draft.sorted[payload.id] = {
      id: payload.id,
      cursor: payload.cursor,
      field: payload.field,
      constraintKey: payload.constraintKey ?? payload.field,
      fields: payload.fields,
      filter: known?.filter ?? '',
      max: payload.max,
      mode: payload.mode,
      operator: payload.operator ?? 'in',
      status: 'registered',
      error: null,
      signature: null,
      values: known?.values ?? [],
    };
  }),
  on(aggregateEvents.sortedFilterChanged, (draft, { payload }) => {
    const sorted = draft.sorted[payload.id];
    if (sorted) sorted.filter = payload.filter;
  }),
  on(aggregateEvents.sortedFetchStarted, (draft, { payload }) => {
    const sorted = draft.sorted[payload.id];
    if (!sorted) return;
    sorted.status = sorted.status === 'registered' ? 'initial' : 'fetching';
    sorted.signature = payload.signature;
  }),
  on(aggregateEvents.sortedLoaded, (draft, { payload }) => {
    const sorted = draft.sorted[payload.id];
    if (!sorted || sorted.signature !== payload.signature) return;
    sorted.status = 'loaded';
    sorted.error = null;
    sorted.values = payload.values;
  }),
  on(aggregateEvents.sortedFailed, (draft, { payload }) => {
    const sorted = draft.sorted[payload.id];
    if (!sorted) return;
    sorted.status = 'error';
    sorted.error = payload.error;
  }),
);
