import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetadataPanel } from '../../../src/assets/metadata/metadata-panel';
import {
  deleted,
  draftChanged,
  draftSaveFailed,
  draftSaved,
  draftSaveRequested,
  loaded,
  lookupLoaded,
  namesLoaded,
} from '../../../streams/entities/events';
import { resolved, updateFieldsFailed, updateFieldsLoaded } from '../../../streams/schemas/events';
import type { SchemaBody } from '../../../streams/schemas/selectors';
import { whoAmILoaded } from '../../../streams/session/events';
import { useAppState } from '../../../src/hooks/use-app-state';
import { selectEntity } from '../../../streams/entities/selectors';
import { renderWithStore } from '../../helpers/render';
import { keptOffline } from '../../helpers/kept-write';
import type { AnyEvent } from '../../../streams/core/event';

const PATH = 'dam/data/asset';
const group = (id: number, name: string) => ({ id, name });
const MAIN = group(1, 'Main');
const RIGHTS = group(4, 'Rights');
const FILE = group(3, 'File');

function header(type: string, label: string, taborder: number, g: { id: number; name: string }, more = {}) {
  const editable = !('readOnly' in more);
  const required = 'required' in more;
  return {
    type,
    label,
    taborder,
    position: taborder,
    group: g,
    cud: { create: editable, update: editable, mandatoryStructure: required },
    ...Object.fromEntries(Object.entries(more).filter(([key]) => key !== 'readOnly' && key !== 'required')),
  };
}

const schema: SchemaBody = {
  name: PATH,
  resource: 'asset',
  label: 'Asset',
  description: '',
  create: true,
  tree: false,
  treefield: null,
  security: { 'objectdata/insert': true },
  fields: {
    // out of order on purpose: groups and taborder decide
    author: header('string', 'Author', 6, RIGHTS),
    name: header('string', 'Name', 1, MAIN, { required: true }),
    title: header('string', 'Title', 2, MAIN, { i18n: true }),
    description: header('text', 'Description', 3, MAIN),
    keywords: header('array', 'Keywords', 4, MAIN, { href: '/api/rest/dam/data/keyword' }),
    dteendrights: header('date', 'End of rights', 7, RIGHTS),
    filesize: header('number', 'Size', 8, FILE, { readOnly: true }),
    width: header('number', 'Width', 9, FILE),
    activated: header('boolean', 'Active', 5, MAIN),
  },
};

const asset = (security: Record<string, boolean>) => ({
  id: 12,
  name: 'Lake 0012',
  title: { en: 'Lake', fr: 'Lac' },
  description: '',
  keywords: [3, 4],
  author: 'Ann',
  dteendrights: '2027-03-01T00:00:00.000Z',
  filesize: 2_621_440,
  width: 800,
  activated: true,
  $security: security,
  $workflow: {
    state: 'draft',
    label: 'Draft',
    actions: [{ action: 'submit', label: 'Submit for review' }],
  },
});

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'en' } });
const manager = { 'objectactions/multiupdate': true, 'objectactions/delete': true };

function setup(
  security: Record<string, boolean> = manager,
  more: Parameters<typeof renderWithStore>[1] = [],
) {
  return renderWithStore(<MetadataPanel resource="asset" path={PATH} id="12" />, [
    alice,
    resolved({ schemas: [schema] }),
    loaded({ path: PATH, id: '12', data: asset(security) }),
    namesLoaded({ path: 'dam/data/keyword', ids: ['3', '4'], names: { '3': 'lake', '4': 'winter' } }),
    ...more,
  ]);
}

const region = () => screen.getByRole('region', { name: 'Metadata' });
const shownValue = (label: string) => {
  const term = within(region())
    .getAllByRole('term')
    .find((element) => element.textContent === label);
  return term?.nextElementSibling?.textContent;
};

describe('MetadataPanel: read mode', () => {
  it('shows the fields in their groups, in taborder, as a description list', () => {
    setup();
    const headings = within(region())
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Main', 'Rights', 'File']);
    const terms = within(region())
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      'Name',
      'Title',
      'Description',
      'Keywords',
      'Active',
      'Author',
      'End of rights',
      'Size',
      'Width',
    ]);
  });

  it('reads relations by name, i18n in the locale, dates in the locale, sizes in bytes’ units', () => {
    setup();
    expect(shownValue('Keywords')).toBe('lake, winter');
    expect(shownValue('Title')).toBe('Lake');
    expect(shownValue('End of rights')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2027-03-01T00:00:00.000Z')),
    );
    expect(shownValue('Size')).toBe('2.5 MB');
    expect(shownValue('Active')).toBe('Yes');
    expect(shownValue('Description')).toBe('—');
  });

  it('asks the names of relation values it does not know', () => {
    const { dispatched } = renderWithStore(<MetadataPanel resource="asset" path={PATH} id="12" />, [
      alice,
      resolved({ schemas: [schema] }),
      loaded({ path: PATH, id: '12', data: asset(manager) }),
    ]);
    expect(dispatched.find((event) => event.type === 'entities/namesRequested')?.payload).toEqual({
      path: 'dam/data/keyword',
      ids: [3, 4],
    });
  });

  it('without the update right there is no Edit, nor workflow steps; without delete no Delete', () => {
    setup({ 'objectactions/multiupdate': false, 'objectactions/delete': false });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const workflow = screen.getByRole('group', { name: 'Workflow' });
    expect(workflow.textContent).toContain('State: Draft');
    expect(within(workflow).queryByRole('button')).toBeNull();
  });

  it('a contributor may edit but sees no Delete', () => {
    setup({ 'objectactions/multiupdate': true, 'objectactions/delete': false });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('workflow steps are buttons in the group "Workflow"', () => {
    const { dispatched } = setup();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Workflow' })).getByRole('button', {
        name: 'Submit for review',
      }),
    );
    expect(dispatched.at(-1)?.type).toBe('entities/workflowRequested');
    expect(dispatched.at(-1)?.payload).toEqual({ path: PATH, id: '12', action: 'submit' });
  });

  it('Delete asks for a confirmation, then deletes', () => {
    const { dispatched, store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this asset?' });
    expect(dialog.textContent).toContain('Lake 0012');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(dispatched.at(-1)?.type).toBe('entities/deleteRequested');
    act(() => {
      store.dispatch(deleted({ path: PATH, id: '12' }));
    });
    expect(window.location.pathname).toBe('/search');
  });
});

/** A page that puts its 404 in place of the panel once the entity is not found, as the asset page does. */
function PageWith404() {
  const entry = useAppState(selectEntity, PATH, '12');
  return entry?.data ? <MetadataPanel resource="asset" path={PATH} id="12" /> : <p>404</p>;
}

describe('MetadataPanel: deletion under a page that drops it', () => {
  it('goes back to /search even when the page replaces the panel at once', () => {
    window.history.pushState(null, '', '/assets/asset/12');
    const { store } = renderWithStore(<PageWith404 />, [
      alice,
      resolved({ schemas: [schema] }),
      loaded({ path: PATH, id: '12', data: asset(manager) }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this asset?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(window.location.pathname).toBe('/assets/asset/12');
    act(() => {
      store.dispatch(deleted({ path: PATH, id: '12' }));
    });
    expect(screen.getByText('404')).toBeTruthy();
    expect(window.location.pathname).toBe('/search');
  });
});

describe('MetadataPanel: edit mode', () => {
  it('Edit turns the list into a form of the editable fields, labelled by their schema labels', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = region();
    expect((within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Lake 0012');
    expect(within(form).getByRole('textbox', { name: 'Name' }).getAttribute('aria-required')).toBe('true');
    expect((within(form).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Lake');
    const description = within(form).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    expect(description.tagName).toBe('TEXTAREA');
    expect(description.placeholder).toBe('[ WRITE HERE ]');
    expect(description.value).toBe('');
    expect((within(form).getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByRole('combobox', { name: 'Keywords' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Remove lake' })).toBeTruthy();
    expect(within(form).queryByLabelText('Size')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Discard changes' })).toBeTruthy();
  });

  it("the form asks the update form's fields once and offers only those (protocol §11.1)", () => {
    const { dispatched, store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const asked = dispatched.filter((event) => event.type === 'schemas/updateFieldsRequested');
    expect(asked.map((event) => event.payload)).toEqual([{ name: PATH }]);
    act(() => {
      store.dispatch(updateFieldsLoaded({ name: PATH, fields: { name: { type: 'string' }, author: {} } }));
    });
    const form = region();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Author' })).toBeTruthy();
    // editable in the schema, but no update may send it: not offered
    expect(within(form).queryByRole('textbox', { name: 'Description' })).toBeNull();
  });

  it.each([
    [
      'en',
      'The fields this asset lets you change could not be read (error fetching update fields)',
      'Try again',
    ],
    [
      'fr',
      'Les champs que cet asset vous laisse modifier n’ont pas pu être lus (error fetching update fields)',
      'Réessayer',
    ],
  ])(
    "'error fetching update fields' is said in the form (%s), which keeps the schema's editable fields and asks again",
    (locale, lead, retry) => {
      const { dispatched, store } = setup(manager, [
        whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale } }),
      ]);
      const panel = () => screen.getByRole('region', { name: locale === 'fr' ? 'Métadonnées' : 'Metadata' });
      fireEvent.click(screen.getByRole('button', { name: locale === 'fr' ? 'Modifier' : 'Edit' }));
      act(() => {
        store.dispatch(
          updateFieldsFailed({
            name: PATH,
            error: { code: 'error.http.500', message: 'error fetching update fields: refused', status: 500 },
          }),
        );
      });
      const said = within(panel())
        .getAllByRole('status')
        .find((element) => element.textContent?.includes(lead));
      expect(said).toBeTruthy();
      expect(within(panel()).getByRole('textbox', { name: 'Name' })).toBeTruthy();
      fireEvent.click(within(said!).getByRole('button', { name: retry }));
      expect(dispatched.filter((event) => event.type === 'schemas/updateFieldsRequested')).toHaveLength(2);
    },
  );

  it('every change is a draft change; an i18n field changes its locale only', () => {
    const { dispatched } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Author' }), { target: { value: 'Bea' } });
    const change = dispatched.at(-1)!;
    expect(change.type).toBe('entities/draftChanged');
    expect(change.payload).toMatchObject({ path: PATH, id: '12', changes: { author: 'Bea' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Pond' } });
    expect(dispatched.at(-1)!.payload).toMatchObject({ changes: { title: { en: 'Pond', fr: 'Lac' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove winter' }));
    expect(dispatched.at(-1)!.payload).toMatchObject({ changes: { keywords: [{ id: 3, name: 'lake' }] } });
    // the form shows the draft
    expect((screen.getByRole('textbox', { name: 'Author' }) as HTMLInputElement).value).toBe('Bea');
  });

  it('a required field left empty and a wrong number are said inline and block Save', () => {
    const { dispatched } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Width' }), { target: { value: 'wide' } });
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Name is required.',
    );
    const width = screen.getByRole('textbox', { name: 'Width' });
    expect(document.getElementById(width.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Width must be a number.',
    );
    const before = dispatched.length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(dispatched.slice(before).some((event) => event.type === 'entities/draftSaveRequested')).toBe(
      false,
    );
    expect(screen.getByRole('alert').textContent).toBe('Correct the fields marked as invalid before saving.');
    // corrected, it saves
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lake' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Width' }), { target: { value: '640' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(dispatched.at(-1)?.type).toBe('entities/draftSaveRequested');
  });

  it('Save: saving, then the list again with a notice; a failure keeps the form and the draft', () => {
    const { store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Author' }), { target: { value: 'Bea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => {
      store.dispatch(
        draftSaveFailed({
          path: PATH,
          id: '12',
          message: 'error updating entity',
          error: { code: 'error.http.500', message: 'boom', status: 500 },
        }),
      );
    });
    expect(screen.getByRole('alert').textContent).toContain('could not be saved');
    expect((screen.getByRole('textbox', { name: 'Author' }) as HTMLInputElement).value).toBe('Bea');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    act(() => {
      store.dispatch(draftSaved({ path: PATH, id: '12', data: { ...asset(manager), author: 'Bea' } }));
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(shownValue('Author')).toBe('Bea');
    expect(screen.getByText('The changes are saved.')).toBeTruthy();
  });

  it('a save the outbox kept offline says it will be saved when back online, not an alert (issue 25)', () => {
    const { store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Author' }), { target: { value: 'Bea' } });
    const offline = { code: 'error.network', message: 'Failed to fetch' };
    const failed = (origin: AnyEvent) =>
      draftSaveFailed({ path: PATH, id: '12', message: 'error updating entity', error: offline }, origin);
    keptOffline(store, draftSaveRequested({ path: PATH, id: '12' }), failed, 'entities');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Will be saved when you are back online.').getAttribute('role')).toBe('status');
  });

  it('Discard changes rolls the draft back and shows the stored values', () => {
    const { dispatched } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Author' }), { target: { value: 'Bea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(dispatched.at(-1)?.type).toBe('entities/draftRolledBack');
    expect(shownValue('Author')).toBe('Ann');
  });

  it('a draft found on arrival opens the form with it and is announced, with Keep editing', () => {
    const since = Date.UTC(2026, 10, 24, 9, 30);
    setup(manager, [draftChanged({ path: PATH, id: '12', changes: { author: 'Cy' }, at: since })]);
    const notice = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.startsWith('Unsaved changes from'));
    expect(notice?.textContent).toContain(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(since)),
    );
    expect((screen.getByRole('textbox', { name: 'Author' }) as HTMLInputElement).value).toBe('Cy');
    fireEvent.click(within(notice!).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByText(/^Unsaved changes from/)).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Author' }) as HTMLInputElement).value).toBe('Cy');
  });

  it('the notice of a draft found on arrival offers to discard it', () => {
    const { dispatched } = setup(manager, [
      draftChanged({ path: PATH, id: '12', changes: { author: 'Cy' }, at: 1 }),
    ]);
    const notice = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.startsWith('Unsaved changes from'));
    fireEvent.click(within(notice!).getByRole('button', { name: 'Discard changes' }));
    expect(dispatched.at(-1)?.type).toBe('entities/draftRolledBack');
    expect(shownValue('Author')).toBe('Ann');
  });

  it('a save asked elsewhere (draftSaveRequested) with a draft does not close a form it did not ask', () => {
    const { store } = setup(manager, [
      draftChanged({ path: PATH, id: '12', changes: { author: 'Cy' }, at: 1 }),
    ]);
    act(() => {
      store.dispatch(draftSaveRequested({ path: PATH, id: '12' }));
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('a restored draft saved by the outbox closes the form it opened and says so; one changed here stays open', () => {
    const restored = draftChanged({ path: PATH, id: '12', changes: { author: 'Cy' }, at: 1 });
    const saved = draftSaved({ path: PATH, id: '12', data: { ...asset(manager), author: 'Cy' } });
    const { store } = setup(manager, [restored]);
    act(() => {
      store.dispatch(draftSaveRequested({ path: PATH, id: '12' }));
    });
    act(() => {
      store.dispatch(saved);
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(shownValue('Author')).toBe('Cy');
    expect(screen.getByText('The changes are saved.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Author' }), { target: { value: 'Di' } });
    act(() => {
      store.dispatch(draftSaveRequested({ path: PATH, id: '12' }));
      store.dispatch(saved);
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('a relation is edited through a lookup on the related schema: options, then a chip', () => {
    const { dispatched, store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('combobox', { name: 'Keywords' });
    fireEvent.change(box, { target: { value: 'la' } });
    const typed = dispatched.at(-1)!;
    expect(typed.type).toBe('entities/lookupTyped');
    const { key } = typed.payload as { key: string };
    expect(typed.payload).toMatchObject({ path: 'dam/data/keyword', text: 'la' });
    act(() => {
      store.dispatch(
        lookupLoaded({
          key,
          candidates: [
            { id: 3, name: 'lake' },
            { id: 5, name: 'lagoon' },
          ],
        }),
      );
    });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // what is chosen already is not offered
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['lagoon']);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(dispatched.find((event) => event.type === 'entities/draftChanged')?.payload).toMatchObject({
      changes: {
        keywords: [
          { id: 3, name: 'lake' },
          { id: 4, name: 'winter' },
          { id: 5, name: 'lagoon' },
        ],
      },
    });
    expect(screen.getByRole('button', { name: 'Remove lagoon' })).toBeTruthy();
  });
});
