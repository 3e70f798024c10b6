import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { isMetaName, metaParts, type SchemaBody } from './api';
import {
  batchRequested,
  domainFailed,
  domainLoaded,
  domainRequested,
  headersReceived,
  headersRestored,
  identityChanged,
  languageChanged,
  reloadRequested,
  resolved,
  resolveFailed,
  resolveRequested,
  updateFieldsFailed,
  updateFieldsLoaded,
  updateFieldsRequested,
} from './events';
import type { SchemaEntry, SchemasState } from './state';

type D = Draft<SchemasState>;

function entry(draft: D, name: string): Draft<SchemaEntry> {
  draft.byName[name] ??= {
    name,
    status: 'registered',
    error: null,
    body: null,
    schemas: isMetaName(name) ? metaParts(name) : null,
    requestedBy: null,
  };
  return draft.byName[name];
}

/** protocol §11.2: a resolved schema is asked again only when forced; a resolving one is skipped. */
function mark(draft: D, name: string, force: boolean, requestId: string): void {
  const target = entry(draft, name);
  if (target.schemas) {
    for (const part of target.schemas) mark(draft, part, force, requestId);
    settleMeta(draft, target);
    return;
  }
  if (target.status === 'resolving') return;
  if (target.status === 'resolved' && !force) return;
  target.status = 'resolving';
  target.requestedBy = requestId;
}

/** A meta-schema follows its parts: resolved when all are, error when one is. */
function settleMeta(draft: D, meta: Draft<SchemaEntry>): void {
  const parts = (meta.schemas ?? []).map((part) => draft.byName[part]);
  const failed = parts.find((part) => part?.status === 'error');
  if (failed) {
    meta.status = 'error';
    meta.error = failed.error;
  } else if (parts.every((part) => part?.status === 'resolved')) {
    meta.status = 'resolved';
    meta.error = null;
  } else meta.status = 'resolving';
}

function settleMetas(draft: D): void {
  for (const candidate of Object.values(draft.byName)) {
    if (candidate.schemas && candidate.status !== 'resolved') settleMeta(draft, candidate);
  }
}

function store(draft: D, body: SchemaBody): void {
  const target = entry(draft, body.name);
  target.status = 'resolved';
  target.error = null;
  target.body = body;
  target.requestedBy = null;
}

/** Resolved schemas back to registered, their bodies kept: the next resolve asks them again. */
function unresolve(draft: D, names: readonly string[]): void {
  for (const name of names) {
    const target = draft.byName[name];
    if (target?.status === 'resolved' && !target.schemas) target.status = 'registered';
  }
  settleMetas(draft);
}

export const schemasReducer = caseReducer<SchemasState>(
  on(resolveRequested, (draft, { payload, meta }) => {
    for (const name of payload.names) if (name) mark(draft, name, payload.force ?? false, meta.id);
  }),
  on(reloadRequested, (draft, { payload, meta }) => {
    if (payload.name && draft.byName[payload.name]) mark(draft, payload.name, true, meta.id);
  }),
  // the body stays for the fields; its rights no longer count until it is resolved again
  on(identityChanged, (draft, { payload }) => unresolve(draft, payload.names)),
  // the body's labels stand until the schema is asked again in the new language
  on(languageChanged, (draft, { payload }) => unresolve(draft, payload.names)),
  on(batchRequested, (draft, { payload }) => {
    for (const name of payload.names) {
      const target = draft.byName[name];
      if (target) target.requestedBy = null;
    }
  }),
  on(resolved, (draft, { payload }) => {
    for (const body of payload.schemas) store(draft, body);
    for (const { name, schemas } of payload.metas ?? []) {
      const meta = entry(draft, name);
      meta.schemas = schemas;
      meta.body = null;
      meta.requestedBy = null;
    }
    settleMetas(draft);
  }),
  on(headersReceived, (draft, { payload }) => {
    store(draft, payload.schema);
    settleMetas(draft);
  }),
  // a kept body stands in for the fields only: its entry stays unresolved, so it is still asked
  on(headersRestored, (draft, { payload }) => {
    for (const body of payload.schemas) {
      const target = entry(draft, body.name);
      if (!target.schemas && target.body === null) target.body = body;
    }
  }),
  on(domainRequested, (draft, { payload }) => {
    if (!payload.domain) return;
    const known = draft.domains[payload.domain];
    draft.domains[payload.domain] = {
      status: known?.status === 'loaded' ? 'fetching' : 'initial',
      names: known?.names ?? [],
      error: null,
    };
  }),
  on(domainLoaded, (draft, { payload }) => {
    for (const body of payload.schemas) store(draft, body);
    settleMetas(draft);
    draft.domains[payload.domain] = {
      status: 'loaded',
      names: payload.schemas.map((body) => body.name),
      error: null,
    };
  }),
  on(domainFailed, (draft, { payload }) => {
    const names = draft.domains[payload.domain]?.names ?? [];
    draft.domains[payload.domain] = { status: 'error', names, error: payload.error };
  }),
  on(updateFieldsRequested, (draft, { payload }) => {
    const known = draft.updateFields[payload.name];
    draft.updateFields[payload.name] = {
      status: known?.fields ? 'fetching' : 'initial',
      fields: known?.fields ?? null,
      error: null,
    };
  }),
  on(updateFieldsLoaded, (draft, { payload }) => {
    draft.updateFields[payload.name] = { status: 'loaded', fields: payload.fields, error: null };
  }),
  on(updateFieldsFailed, (draft, { payload }) => {
    const fields = draft.updateFields[payload.name]?.fields ?? null;
    draft.updateFields[payload.name] = { status: 'error', fields, error: payload.error };
  }),
  on(resolveFailed, (draft, { payload }) => {
    for (const name of payload.names) {
      const target = entry(draft, name);
      target.status = 'error';
      target.error = payload.error;
      target.requestedBy = null;
    }
    settleMetas(draft);
  }),
);
