import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, multipart, override } from '../demo-server-entities/helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const ORIGIN = 'http://localhost';
const form = (fields: Array<[string, string]>) => new URLSearchParams(fields);
const widgetsOf = (pageId: number) =>
  runtime.db.pageWidgets.filter((widget) => widget.parent === `clubwedpagedesc_${pageId}`);

async function bov3(path: string, body: URLSearchParams, headers: Record<string, string>) {
  const response = await fetch(`${ORIGIN}/bov3/${path}`, { method: 'POST', headers, body });
  return { status: response.status, body: await response.json() };
}

describe('demo server: CMS pages (protocol §14.1)', () => {
  it('answers the page list with the query on ismodel, features naming edit only for an editor', async () => {
    const query = encodeURIComponent('{"ismodel":false}');
    const alice = await call(`/rest/data/page?query=${query}&state=s1`, { headers: await as('alice') });
    expect(alice.status).toBe(200);
    expect(alice.body.state).toBe('s1');
    expect(alice.body.response.data.every((page: { ismodel: boolean }) => !page.ismodel)).toBe(true);
    expect(alice.body.response.data[0].features).toContain('edit');
    expect(typeof alice.body.response.data[0].props).toBe('string');
    const visitor = await call(`/rest/data/page?query=${query}`);
    expect(visitor.body.response.data[0].features).not.toContain('edit');
    expect((await call('/rest/data/page/999')).status).toBe(404);
  });

  it('pages widgets 5 at a time and answers one widget with its subtree', async () => {
    const query = encodeURIComponent(
      JSON.stringify({
        or: [{ parent: { eq: 'clubwedpagedesc_1' } }, { parent: { sw: 'clubwedpagedesc_1_' } }],
      }),
    );
    const first = await call(`/rest/data/pagewidget?query=${query}`);
    expect(first.body.response.data).toHaveLength(5);
    expect(first.body.links.nextResultsToken).toBe('5');
    const second = await call(`/rest/data/pagewidget?query=${query}&after=5`);
    expect(second.body.response.data).toHaveLength(5);
    expect(second.body.links.nextResultsToken).toBeUndefined();
    const columns = runtime.db.pageWidgets.find(
      (widget) => widget.parent === 'clubwedpagedesc_1' && widget.component === 'columns',
    );
    const one = encodeURIComponent(
      JSON.stringify({
        or: [
          { id: columns?.id },
          { parent: { eq: `clubwedwidget_${columns?.id}` } },
          { parent: { sw: `clubwedwidget_${columns?.id}_` } },
        ],
      }),
    );
    const subtree = await call(`/rest/data/pagewidget?query=${one}&max=50`);
    expect(subtree.body.response.data.map((widget: { id: number }) => widget.id)).toContain(columns?.id);
    expect((await call('/rest/data/pagewidget?query=%7Bbroken')).status).toBe(400);
  });

  it('creates a work copy for an editor only; a reader gets 0', async () => {
    const bob = await call('/rest/bs/clubwed_getWorkCopy/clubwedpagedesc/2', { headers: await as('bob') });
    expect(bob.body.response.data).toBe('0');
    const alice = await call('/rest/bs/clubwed_getWorkCopy/clubwedpagedesc/2', {
      headers: await as('alice'),
    });
    const copyId = Number(alice.body.response.data);
    const copy = runtime.db.pages.find((page) => page.id === copyId);
    expect(copy).toMatchObject({ path: 'about', version: 2, status: { id: 2 } });
    expect(widgetsOf(copyId)).toHaveLength(widgetsOf(2).length);
    expect(
      (await call('/rest/bs/clubwed_getWorkCopy/clubwedpagedesc/1', { headers: await as('alice') })).body
        .response.data,
    ).toBe('5');
  });

  it('saves prop_* query fields (real PATCH or POST with the override), refusing readers and bad values', async () => {
    const heading = widgetsOf(5)[0]!;
    const value = 'Tom & Jerry 100% + more';
    const path = `/json/update/clubwedwidget/${heading.id}?prop_value=${encodeURIComponent(value)}&prop_enabled=false`;
    expect((await call(path, { method: 'PATCH', headers: await as('bob') })).status).toBe(403);
    expect((await call(path, { method: 'PATCH' })).status).toBe(403);
    expect((await call(path, { method: 'PATCH', headers: await as('alice') })).status).toBe(200);
    expect(heading).toMatchObject({ value, enabled: false });
    const plus = `/json/update/clubwedwidget/${heading.id}?prop_name=Big+title`;
    expect((await call(plus, { method: 'POST', headers: override('PATCH', await as('alice')) })).status).toBe(
      200,
    );
    expect(heading.name).toBe('Big title');
    const alice = await as('alice');
    expect(
      (
        await call(`/json/update/clubwedwidget/${heading.id}?prop_props=%7Bbad`, {
          method: 'PATCH',
          headers: alice,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(`/json/update/clubwedwidget/${heading.id}?prop_colour=red`, {
          method: 'PATCH',
          headers: alice,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(`/json/update/clubwedwidget/${heading.id}?prop_value=undefined`, {
          method: 'PATCH',
          headers: alice,
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('/json/update/clubwedwidget/9999?prop_value=x', { method: 'PATCH', headers: alice }))
        .status,
    ).toBe(404);
  });

  it('publishes a work copy: it becomes the live version, the former page names it in copietravail', async () => {
    const alice = await as('alice');
    expect(
      (
        await call('/json/workflow/data.page.workflow/5?action=validate', {
          method: 'PATCH',
          headers: await as('bob'),
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('/json/workflow/data.page.workflow/5?action=reject', { method: 'PATCH', headers: alice }))
        .status,
    ).toBe(400);
    expect(
      (await call('/json/workflow/data.page.workflow/5?action=validate', { method: 'PATCH', headers: alice }))
        .status,
    ).toBe(200);
    const homes = runtime.db.pages.filter((page) => page.path === 'home');
    expect(homes.find((page) => page.id === 5)).toMatchObject({
      status: { id: 6 },
      version: 2,
      copietravail: null,
    });
    expect(homes.find((page) => page.id === 1)?.copietravail).toEqual({ id: 5 });
  });

  it('sets children with affect_collection as the reference sends it (templates copied, valid children only) and sorts them with sort.jspz', async () => {
    const alice = await as('alice');
    const page = runtime.db.pages.find((one) => one.id === 6)!;
    const templates = runtime.db.pageWidgets.filter((widget) => widget.parent === 'clubwedpagedesc_8');
    // the page's validchildren are relations to the model page's blocks: one template of each type
    expect(page.validchildren.map((child) => child.id).sort()).toEqual(templates.map((t) => t.id).sort());
    const heading = templates.find((template) => template.component === 'heading')!;
    const before = widgetsOf(6)
      .sort((a, b) => a.position - b.position)
      .map((widget) => widget.id);
    const assign = (object: string, id: number, values: readonly number[], field = 'children') =>
      bov3(
        'common/actions/affect_collection.jspz',
        form([
          ['form_object', object],
          ['form_id', String(id)],
          ['form_field', field],
          ...values.map((value): [string, string] => ['form_value', String(value)]),
        ]),
        alice,
      );
    const added = await assign('clubwedpagedesc', 6, [heading.id, ...before]);
    expect(added.status).toBe(200);
    const copy = Number(added.body.new_children[0]);
    expect(added.body.new_children).toEqual([copy, ...before].map(String));
    expect(copy).not.toBe(heading.id);
    const copied = runtime.db.pageWidgets.find((widget) => widget.id === copy)!;
    expect(copied).toMatchObject({ parent: 'clubwedpagedesc_6', component: 'heading', position: 1 });
    // the template stays on the model page
    expect(runtime.db.pageWidgets.find((widget) => widget.id === heading.id)?.parent).toBe(
      'clubwedpagedesc_8',
    );
    // a child left out is removed, as a collection set without it
    expect((await assign('clubwedpagedesc', 6, before)).body.new_children).toEqual(before.map(String));
    expect(runtime.db.pageWidgets.some((widget) => widget.id === copy)).toBe(false);
    // a widget holding no template, the former form (a slot and a type), an unknown id: refused
    const plain = runtime.db.pageWidgets.find(
      (widget) => widget.component === 'heading' && widget.parent === 'clubwedpagedesc_6',
    )!;
    expect((await assign('clubwedwidget', plain.id, [heading.id])).status).toBe(400);
    expect((await assign('clubwedpagedesc', 6, [heading.id], 'main')).status).toBe(400);
    expect((await assign('clubwedpagedesc', 6, [999_999])).status).toBe(404);
    const bob = await bov3(
      'common/actions/affect_collection.jspz',
      form([['form_object', 'clubwedpagedesc']]),
      await as('bob'),
    );
    expect(bob.status).toBe(403);

    const ids = widgetsOf(6)
      .sort((a, b) => a.position - b.position)
      .map((widget) => widget.id);
    const reversed = [...ids].reverse();
    const sortAs = (order: readonly (number | string)[], key = 'clubwedwidget_1') =>
      bov3(
        'datasort/actions/sort.jspz',
        form([
          ['form_object', 'clubwedwidget'],
          ['sort_field', 'position'],
          ['noredirect', 'true'],
          ...order.map((id): [string, string] => [key, String(id)]),
        ]),
        alice,
      );
    const serverOrder = () =>
      widgetsOf(6)
        .sort((a, b) => a.position - b.position)
        .map((widget) => widget.id);
    // `clubwedwidget_1` repeated, the ids as values in the new order (protocol §14.1)
    expect((await sortAs(reversed)).status).toBe(200);
    expect(serverOrder()).toEqual(reversed);
    // one id alone is that widget, not widget 1 (issue 26 item 4)
    const single = await sortAs([ids[0]!]);
    expect(single.status).toBe(200);
    expect(single.body).toEqual({ sorted: [ids[0]] });
    // widgets of different parents, an id that is not one, no id: refused
    expect((await sortAs([ids[0]!, 7])).status).toBe(400);
    expect((await sortAs(['x'])).status).toBe(400);
    // keyed by the parent's id (issue 26's reading of §14.1): the same sort; a widget's own id as
    // the key (the former form, valued with positions) names no parent: refused
    expect((await sortAs(ids, 'clubwedwidget_6')).status).toBe(200);
    expect(serverOrder()).toEqual(ids);
    expect((await sortAs([ids[0]!], `clubwedwidget_${ids[0]}`)).status).toBe(400);
  });

  it('deletes a widget with its subtree and files; replaces an attachment with prop_file twice', async () => {
    const alice = await as('alice');
    const columns = runtime.db.pageWidgets.find(
      (widget) => widget.parent === 'clubwedpagedesc_1' && widget.component === 'columns',
    )!;
    expect(
      (await call(`/json/delete/clubwedwidget/${columns.id}`, { method: 'DELETE', headers: await as('bob') }))
        .status,
    ).toBe(403);
    expect(
      (await call(`/json/delete/clubwedwidget/${columns.id}`, { method: 'DELETE', headers: alice })).status,
    ).toBe(200);
    expect(
      runtime.db.pageWidgets.some((widget) => widget.parent.includes(`clubwedwidget_${columns.id}`)),
    ).toBe(false);
    expect(
      (await call(`/json/delete/clubwedwidget/${columns.id}`, { method: 'DELETE', headers: alice })).status,
    ).toBe(404);

    const file = runtime.db.pageFiles[0]!;
    const pdf = new File(['%PDF'], 'new.pdf', { type: 'application/pdf' });
    const once = await call(`/json/update/cwpagefile/${file.id}`, {
      method: 'POST',
      headers: override('PATCH', alice),
      body: multipart({ prop_file: pdf }),
    });
    expect(once.status).toBe(400);
    const body = new FormData();
    body.append('prop_file', pdf);
    body.append('prop_file', 'new.pdf');
    const twice = await call(`/json/update/cwpagefile/${file.id}`, {
      method: 'POST',
      headers: override('PATCH', alice),
      body,
    });
    expect(twice.status).toBe(200);
    expect(twice.body.response.data).toBe('new.pdf');
    expect(file.file).toBe('new.pdf');
  });

  it('keeps changes until the database is reset (what POST /__mock/reset does)', async () => {
    const heading = widgetsOf(1)[0]!;
    await call(`/json/update/clubwedwidget/${heading.id}?prop_value=Changed`, {
      method: 'PATCH',
      headers: await as('alice'),
    });
    expect(runtime.db.pageWidgets.find((widget) => widget.id === heading.id)?.value).toBe('Changed');
    reset();
    expect(runtime.db.pageWidgets.find((widget) => widget.id === heading.id)?.value).not.toBe('Changed');
  });

  it('serves the editor config (with a licence key the client ignores)', async () => {
    const config = await call('/wedia/froala/config');
    expect(config.body.toolbarButtons).toContain('bold');
  });
});
