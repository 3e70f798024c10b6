import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchResults } from '../../../src/search/search-results';
import { SelectionEditDialog } from '../../../src/search/selection-edit-dialog';
import { actionFinished, batchCreated, batchFinished } from '../../../streams/batches/events';
import * as cursors from '../../../streams/cursors/events';
import { resolved } from '../../../streams/schemas/events';
import type { SchemaBody } from '../../../streams/schemas/selectors';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { toggled } from '../../../streams/selection/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'en' } });
const rows = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `Lake ${id}`, $resource: 'asset' }));
const list = [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 's',
    resource: 'asset',
    rows,
    total: rows.length,
    count: rows.length,
    nextResultsToken: null,
    aggregates: null,
  }),
];
const cud = (editable: boolean, required = false) => ({
  create: editable,
  update: editable,
  mandatoryStructure: required,
});
const schema = (insert: boolean): SchemaBody => ({
  name: SEARCH_PATH,
  resource: 'asset',
  label: 'Asset',
  description: '',
  create: true,
  tree: false,
  treefield: null,
  security: { 'objectdata/insert': insert },
  fields: {
    name: { type: 'string', label: 'Name', taborder: 1, cud: cud(true, true) },
    author: { type: 'string', label: 'Author', taborder: 2, cud: cud(true) },
    width: { type: 'number', label: 'Width', taborder: 3, cud: cud(true) },
    filesize: { type: 'number', label: 'Size', taborder: 4, cud: cud(false) },
  },
});

describe('Selection on the search results', () => {
  it('each result has a link named by its name to its asset page, and a Select checkbox', () => {
    renderWithStore(<SearchResults />, [alice, ...list]);
    const cell = screen.getByRole('gridcell', { name: 'Lake 2' });
    expect(within(cell).getByRole('link', { name: 'Lake 2' }).getAttribute('href')).toBe(
      '/assets/asset/2?from=search',
    );
    expect(within(cell).getByRole('checkbox', { name: 'Select' })).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });

  it('Select toggles; shift-click selects the range from the last one; the toolbar counts and clears', () => {
    const { dispatched } = renderWithStore(<SearchResults />, [
      alice,
      ...list,
      resolved({ schemas: [schema(true)] }),
    ]);
    const select = (name: string, shiftKey = false) =>
      fireEvent.click(
        within(screen.getByRole('gridcell', { name })).getByRole('checkbox', { name: 'Select' }),
        { shiftKey },
      );
    select('Lake 2');
    expect(dispatched.at(-1)?.payload).toEqual({ list: SEARCH_CURSOR, id: '2' });
    select('Lake 5', true);
    expect(dispatched.at(-1)?.type).toBe('selection/rangeSelected');
    expect(dispatched.at(-1)?.payload).toEqual({ list: SEARCH_CURSOR, ids: ['2', '3', '4', '5'] });
    const checked = screen
      .getAllByRole('checkbox', { name: 'Select' })
      .map((box) => (box as HTMLInputElement).checked);
    expect(checked).toEqual([false, true, true, true, true, false]);
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(toolbar.textContent).toContain('4 selected');
    expect(within(toolbar).getByRole('button', { name: 'Edit metadata of the selection' })).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });

  it('no "Edit metadata of the selection" for those who may not change assets', () => {
    renderWithStore(<SearchResults />, [
      alice,
      ...list,
      resolved({ schemas: [schema(false)] }),
      toggled({ list: SEARCH_CURSOR, id: '1' }),
    ]);
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(toolbar).queryByRole('button', { name: 'Edit metadata of the selection' })).toBeNull();
  });
});

describe('Edit metadata of the selection', () => {
  it('applies only the fields given a value, one update per asset, then follows the batch to Done', () => {
    let closed = 0;
    const { dispatched, store } = renderWithStore(
      <SelectionEditDialog
        resource="asset"
        list={SEARCH_CURSOR}
        ids={['2', '3', '4']}
        onClose={() => (closed += 1)}
      />,
      [alice, ...list, resolved({ schemas: [schema(true)] })],
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit metadata of the selection' });
    expect(within(dialog).queryByRole('textbox', { name: 'Size' })).toBeNull();
    // nothing touched: nothing applied
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Change at least one field to apply.');
    expect(dispatched.some((event) => event.type === 'batches/batchRequested')).toBe(false);
    // a wrong number blocks
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Width' }), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(dispatched.some((event) => event.type === 'batches/batchRequested')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Width' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Author' }), { target: { value: 'Bea' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const asked = dispatched.find((event) => event.type === 'batches/batchRequested')!;
    const { id, actions } = asked.payload as { id: string; actions: unknown[] };
    expect(actions).toEqual(
      ['2', '3', '4'].map((asset) => ({
        kind: 'update',
        path: SEARCH_PATH,
        id: asset,
        values: { author: 'Bea' },
      })),
    );
    act(() => {
      store.dispatch(batchCreated({ id, label: 'x', actions: actions as never, progressCap: 95 }));
      store.dispatch(actionFinished({ batchId: id, index: 0, status: 'done', entityId: '2' }));
      store.dispatch(
        actionFinished({ batchId: id, index: 1, status: 'error', error: 'error updating entity' }),
      );
    });
    const bar = within(dialog).getByRole('progressbar', { name: 'Progress' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Done' })).toBeNull();
    act(() => {
      store.dispatch(actionFinished({ batchId: id, index: 2, status: 'done', entityId: '4' }));
      store.dispatch(batchFinished({ id, status: 'error' }));
    });
    expect(dialog.textContent).toContain('Asset 3: error updating entity');
    expect(dialog.textContent).toContain('2 of 3 assets updated.');
    // each asset's read after its update shows in the results: the list is not asked again
    const sinceApply = dispatched.slice(dispatched.indexOf(asked));
    expect(sinceApply.some((event) => event.type === 'cursors/fetchRequested')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(closed).toBe(1);
  });
});
