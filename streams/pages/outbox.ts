import type { AppEvent } from '../core/event';
import { declareWrites, type OutboxLabel, type WriteCheck } from '../outbox/events';
import * as api from './api';
import { componentsToSave } from './epics';
import {
  type KeptSave,
  published,
  publishFailed,
  publishRequested,
  saved,
  saveFailed,
  saveRequested,
} from './events';
import { PAGE_STATUS_FILTER, saveFields, WIDGET_OBJECT } from './model';
import { selectEditSession, selectPage } from './selectors';
import type { S } from './epic-support';

/**
 * The CMS writes the outbox keeps (issue 25). A save is kept with what it writes (its blocks'
 * fields on the work copy, and the changes typed): it goes again after a reload, and the editor
 * shows its changes meanwhile. Before it goes, its blocks are read: all as it sets them, it was
 * saved (its answer lost); one changed meanwhile by someone else (neither as it was when edited
 * nor as the save sets it), a conflict; one gone, told. A publish is read first: the page it made
 * live already published (its status), it went through and is not asked again.
 */

type SaveIntent = AppEvent<string, { path: string; kept?: KeptSave }>;
/** What a kept save's blocks held when it was made, by widget id: their fields as a save sends them. */
type SaveBase = Record<string, Record<string, string>>;

/** The save with what it writes, while its edit session holds the changes (its failure leaves them). */
function keptSave(payload: { path: string }, state: S): { path: string; kept?: KeptSave } {
  const edit = selectEditSession(state, payload.path);
  if (!edit?.draft || Object.keys(edit.changes).length === 0) return payload;
  const sent = componentsToSave(edit.draft, edit.changes);
  const kept = { draftId: edit.draft.page.id, uids: Object.keys(edit.changes), sent, changes: edit.changes };
  return { ...payload, kept: JSON.parse(JSON.stringify(kept)) as KeptSave };
}

const keptWidgets = (kept: KeptSave | undefined) =>
  kept?.sent.filter((component) => component.object === WIDGET_OBJECT) ?? [];

/** One version of a save's blocks in words: each block's text. */
const blocksLabel = (fields: Array<Record<string, string> | undefined>): OutboxLabel => ({
  key: 'outbox.pages.version',
  values: { blocks: fields.map((held) => held?.prop_value ?? '—').join('; ') },
});

const sameFields = (held: Record<string, string>, fields: Record<string, string>) =>
  Object.entries(fields).every(([key, value]) => held[key] === value);

function saveCheck(
  intent: SaveIntent,
  base: unknown,
): WriteCheck<Parameters<typeof api.widgetRecords>[0]> | undefined {
  const { path, kept } = intent.payload;
  const widgets = keptWidgets(kept);
  if (!kept || widgets.length === 0) return undefined;
  const before = (base ?? {}) as SaveBase;
  const heldOf = (answer: Parameters<typeof api.widgetRecords>[0]) => {
    const records = api.widgetRecords(answer);
    return widgets.map((component) => {
      const widget = records.find((record) => record.id === component.id);
      return widget ? saveFields(widget, {}) : undefined;
    });
  };
  return {
    read: api.widgetsById(widgets.map((component) => component.id)),
    decide: (answer) =>
      heldOf(answer).every((held, index) => held && sameFields(held, widgets[index]!.fields))
        ? saved({ path, uids: kept.uids }, intent)
        : null,
    conflict: (answer) => {
      const held = heldOf(answer);
      if (held.some((fields) => fields === undefined)) return { theirs: null, fold: null };
      const changed = widgets.some((component, index) => {
        const now = held[index]!;
        const was = before[String(component.id)];
        return was !== undefined && !sameFields(now, was) && !sameFields(now, component.fields);
      });
      return changed ? { theirs: blocksLabel(held), fold: null } : null;
    },
  };
}

const pageName = (state: S, path: string): string => selectPage(state, path)?.content?.page.name ?? path;

/** The page a publish makes live: the work copy being edited, else the page shown (as the publish epic picks it). */
function publishedId(state: S, path: string): number | null {
  return selectEditSession(state, path)?.draft?.page.id ?? selectPage(state, path)?.content?.page.id ?? null;
}

type PublishIntent = AppEvent<string, { path: string }>;

/** The page row read again: live already (the status the list shows), the publish went through. */
function publishCheck(intent: PublishIntent, base: unknown) {
  const id = typeof base === 'object' && base !== null ? (base as { id?: unknown }).id : undefined;
  if (typeof id !== 'number') return undefined;
  return {
    read: api.fetchPageRow(id),
    decide: ({ response }: { response: { data: Parameters<typeof api.toPageRecord>[0] } }) =>
      api.toPageRecord(response.data).status === PAGE_STATUS_FILTER
        ? published({ path: intent.payload.path, id }, intent)
        : null,
  };
}

declareWrites([
  {
    domain: 'pages',
    intent: saveRequested,
    answers: [saved],
    failures: [saveFailed],
    label: (payload: { path: string }, state: S) => ({
      key: 'outbox.pages.save',
      values: { name: pageName(state, payload.path) },
    }),
    kept: keptSave,
    // what its blocks held on the work copy it was made on
    base: (payload: { path: string; kept?: KeptSave }, state: S): SaveBase | undefined => {
      const draft = selectEditSession(state, payload.path)?.draft;
      const widgets = keptWidgets(payload.kept);
      if (!draft || widgets.length === 0) return undefined;
      return Object.fromEntries(
        widgets.flatMap((component) => {
          const widget = draft.widgets.find((one) => one.id === component.id);
          return widget ? [[String(component.id), saveFields(widget, {})]] : [];
        }),
      );
    },
    yours: (payload: { kept?: KeptSave }) =>
      blocksLabel(keptWidgets(payload.kept).map((component) => component.fields)),
    check: (intent: SaveIntent, _deps, base) => saveCheck(intent, base),
  },
  {
    domain: 'pages',
    intent: publishRequested,
    answers: [published],
    failures: [publishFailed],
    label: (payload: { path: string }, state: S) => ({
      key: 'outbox.pages.publish',
      values: { name: pageName(state, payload.path) },
    }),
    // kept when its failure left the edit session as it was: the page it makes live
    base: (payload: { path: string }, state: S) => {
      const id = publishedId(state, payload.path);
      return id === null ? undefined : { id };
    },
    check: (intent: PublishIntent, _deps, base) => publishCheck(intent, base),
  },
]);
