import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssetUsage } from '../../../src/assets/asset-usage';
import { ReverseSearch } from '../../../src/assets/reverse-search';
import { broadcastFailed, broadcastLoaded, broadcastStarted } from '../../../streams/analytics/events';
import {
  copiesFound,
  featureFailed,
  featureLoaded,
  featureStarted,
  permissionsLoaded,
  permissionsStarted,
  reportChecked,
  reportDelivered,
  submitFailed,
  submitStarted,
  submitted,
} from '../../../streams/reverse-search/events';
import { renderWithStore } from '../../helpers/render';

const uuid = 'a1b2c3';
const featureOn = [featureStarted({}), featureLoaded({ enabled: true })];
const allowed = (canSubmit: boolean, canViewReport = false) => [
  permissionsStarted({ uuid }),
  permissionsLoaded({ uuid, canSubmit, canViewReport }),
];
const types = (events: { type: string }[]) => events.map((event) => event.type);

describe('Find copies on the web (reverse image search, protocol §21)', () => {
  it('asks nothing with the page; the button asks the rights (issue 26); absent when the feature is off, said when nothing is allowed, a failure retried', () => {
    const button = () => screen.queryByRole('button', { name: 'Find copies on the web' });
    const first = renderWithStore(<ReverseSearch uuid={uuid} />);
    expect(first.dispatched).toEqual([]);
    fireEvent.click(button() as HTMLElement);
    expect(types(first.dispatched)).toEqual(['reverseSearch/findRequested']);
    first.unmount();
    const off = renderWithStore(<ReverseSearch uuid={uuid} />, [
      featureStarted({}),
      featureLoaded({ enabled: false }),
    ]);
    expect(button()).toBeNull();
    off.unmount();
    const none = renderWithStore(<ReverseSearch uuid={uuid} />, [...featureOn, ...allowed(false)]);
    expect(button()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Finding copies on the web is not offered for this asset.',
    );
    none.unmount();
    const failed = renderWithStore(<ReverseSearch uuid={uuid} />, [
      featureStarted({}),
      featureFailed({ error: { code: 'error.http.503', message: 'Unavailable' } }),
    ]);
    expect(button()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(types(failed.dispatched)).toContain('reverseSearch/findRequested');
  });

  it('submits, announces the wait, lists the copies found with the report as an extra download, then may search again', () => {
    const { dispatched, store } = renderWithStore(<ReverseSearch uuid={uuid} />, [
      ...featureOn,
      ...allowed(true, true),
    ]);
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Find copies on the web' }));
    expect(dispatched.map((event) => [event.type, event.payload])).toEqual([
      ['reverseSearch/submitRequested', { uuid }],
    ]);
    act(() => store.dispatch(submitStarted({ uuid })));
    expect(screen.getByRole('status').textContent).toMatch(/Asking for a search/);
    expect(
      (screen.getByRole('button', { name: 'Find copies on the web' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    act(() => {
      store.dispatch(submitted({ uuid }));
      store.dispatch(reportChecked({ uuid, attempt: 1 }));
    });
    expect(screen.getByRole('status').textContent).toMatch(/they will show here when the report is ready/);
    const page = 'https://dam.test/assets/asset/7';
    act(() =>
      store.dispatch(
        copiesFound({
          uuid,
          fileName: 'copies-a1b2c3.csv',
          copies: [{ name: 'Dunes 0007', page, match: 'exact', similarity: 0.99 }],
        }),
      ),
    );
    const copies = screen.getByRole('region', { name: 'Copies found' });
    expect(copies.querySelector('a')?.getAttribute('href')).toBe(page);
    expect(copies.querySelector('li')?.textContent).toBe('Dunes 0007exact copy · 99% similar');
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Download the report (CSV)' }));
    expect(types(dispatched)).toEqual(['reverseSearch/reportRequested']);
    act(() => store.dispatch(reportDelivered({ uuid, fileName: 'copies-a1b2c3.csv' })));
    expect(screen.getByRole('status').textContent).toBe('The report was downloaded as copies-a1b2c3.csv.');
    expect(screen.getByRole('region', { name: 'Copies found' })).toBeTruthy();
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Find copies on the web' }));
    expect(types(dispatched)).toEqual(['reverseSearch/reset', 'reverseSearch/submitRequested']);
  });

  it('a report that lists no copy says "No copies found."', () => {
    renderWithStore(<ReverseSearch uuid={uuid} />, [
      ...featureOn,
      ...allowed(true),
      submitStarted({ uuid }),
      submitted({ uuid }),
      copiesFound({ uuid, fileName: null, copies: [] }),
    ]);
    expect(screen.getByRole('status').textContent).toBe('No copies found.');
  });

  it('a failure is an alert with "Try again"', () => {
    const { dispatched } = renderWithStore(<ReverseSearch uuid={uuid} />, [
      ...featureOn,
      ...allowed(true),
      submitStarted({ uuid }),
      submitFailed({ uuid, error: { code: 'error.http.500', message: 'boom' } }),
    ]);
    expect(screen.getByRole('alert').textContent).toMatch(/search for copies on the web failed/);
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(types(dispatched)).toEqual(['reverseSearch/reset', 'reverseSearch/submitRequested']);
  });

  it('a report that may only be viewed is offered as a download of the existing report', () => {
    const { dispatched } = renderWithStore(<ReverseSearch uuid={uuid} />, [
      ...featureOn,
      ...allowed(false, true),
    ]);
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Download the copies report' }));
    expect(dispatched.map((event) => [event.type, event.payload])).toEqual([
      ['reverseSearch/reportRequested', { uuid }],
    ]);
  });
});

describe('Usage: where the asset was broadcast (protocol §18 whereDamBroadcasted)', () => {
  it('asks the broadcast data by uuid when opened (not with the page, issue 26) and lists the channels', () => {
    const closed = renderWithStore(<AssetUsage resource="asset" id="3" uuid={uuid} />, []);
    expect(closed.dispatched.map((event) => event.type)).not.toContain('analytics/broadcastRequested');
    fireEvent.click(screen.getByRole('button', { name: 'Where it was broadcast' }));
    expect(closed.dispatched.map((event) => [event.type, event.payload])).toContainEqual([
      'analytics/broadcastRequested',
      { uuid },
    ]);
    closed.unmount();
    renderWithStore(<AssetUsage resource="asset" id="3" uuid={uuid} />, [
      broadcastStarted({ uuid }),
      broadcastLoaded({
        uuid,
        data: {
          uuid,
          list: [{ key: 'web', caption: 'Website', count: 4, lastDate: '2026-11-20' }, { bad: 1 }],
        },
      }),
    ]);
    expect(screen.getByRole('heading', { name: 'Where it was broadcast' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('Website: 4 times, last on Nov 20, 2026');
  });

  it('none says so; a failure offers "Try again"', () => {
    renderWithStore(<AssetUsage resource="asset" id="3" uuid={uuid} />, [
      broadcastStarted({ uuid }),
      broadcastLoaded({ uuid, data: { uuid, list: [] } }),
    ]).unmount();
    renderWithStore(<AssetUsage resource="asset" id="3" uuid="other" />, [
      broadcastStarted({ uuid: 'other' }),
      broadcastFailed({ uuid: 'other', error: { code: 'error.http.500', message: 'boom' } }),
    ]);
    expect(screen.getByText(/could not be read/)).toBeTruthy();
  });
});
