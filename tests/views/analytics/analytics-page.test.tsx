import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { AnalyticsPage } from '../../../src/analytics/analytics-page';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import {
  topFailed,
  topLoaded,
  topStarted,
  trendAbsent,
  trendLoaded,
  trendStarted,
} from '../../../streams/analytics/events';
import { trendKey } from '../../../streams/analytics/selectors';
import type { UnstampedEvent } from '../../../streams/core/event';
import { namesLoaded, namesStarted } from '../../../streams/entities/events';
import { renderWithStore } from '../../helpers/render';

const line = (id: number, count: number) => ({
  key: `asset_${id}`,
  resource: 'asset',
  id: String(id),
  count,
});

const top = (name: string, nbrDays: number, lines: ReturnType<typeof line>[]) => [
  topStarted({ name, status: 'initial', nbrDays, max: 24 }),
  topLoaded({ name, ts: 1, nbrDays, max: 24, list: lines }),
];

const named = (id: number, name: string) => [
  namesStarted({ path: 'dam/data/asset', ids: [String(id)] }),
  namesLoaded({ path: 'dam/data/asset', ids: [String(id)], names: { [id]: name } }),
];

function open(events: UnstampedEvent[] = []) {
  return renderWithStore(
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <AnalyticsPage />
    </Router>,
    events,
  );
}

const rows = (heading: string) => {
  const section = screen.getByRole('region', { name: heading });
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
};

describe('analytics page', () => {
  it('asks both tops for 30 days and the trend; the figures show as a named chart and a table', () => {
    const { dispatched } = open([
      ...top('topDamView', 30, [line(3, 12), line(5, 4)]),
      ...top('topDamDownload', 30, [line(5, 2)]),
      ...named(3, 'Lake at dawn'),
    ]);
    const asked = dispatched.filter((event) => event.type === 'analytics/topRequested').map((e) => e.payload);
    expect(asked).toEqual([
      { name: 'topDamView', nbrDays: 30, max: 24 },
      { name: 'topDamDownload', nbrDays: 30, max: 24 },
    ]);
    expect(dispatched.some((event) => event.type === 'analytics/trendRequested')).toBe(true);
    const viewed = screen.getByRole('region', { name: 'Most viewed' });
    expect(within(viewed).getByRole('img', { name: /Most viewed assets/ })).toBeTruthy();
    expect(rows('Most viewed')).toEqual(['Lake at dawn12', 'asset 54']);
    expect(within(viewed).getByRole('link', { name: 'Lake at dawn' }).getAttribute('href')).toBe(
      '/assets/asset/3',
    );
    expect(rows('Most downloaded')).toEqual(['asset 52']);
    // both tops' assets are named in one ask (the domain leaves out those it knows)
    const naming = dispatched
      .filter((event) => event.type === 'entities/namesRequested')
      .map((e) => e.payload);
    expect(naming).toEqual([{ path: 'dam/data/asset', ids: ['3', '5'] }]);
    expect(dispatched.some((event) => event.type === 'entities/fetchRequested')).toBe(false);
  });

  it('"Only mine" asks the User tops and "Period" asks again for the chosen days; a top of another period is not shown', () => {
    const { dispatched, store } = open([...top('topDamView', 30, [line(3, 12)])]);
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only mine' }));
    expect(dispatched.filter((e) => e.type === 'analytics/topRequested').map((e) => e.payload)).toEqual([
      { name: 'topDamViewUser', nbrDays: 30, max: 24 },
      { name: 'topDamDownloadUser', nbrDays: 30, max: 24 },
    ]);
    dispatched.length = 0;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only mine' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '7' } });
    expect(
      dispatched.filter((e) => e.type === 'analytics/topRequested').map((e) => e.payload),
    ).toContainEqual({
      name: 'topDamView',
      nbrDays: 7,
      max: 24,
    });
    // the 30-day figures are not those of 7 days: loading until they come
    expect(
      within(screen.getByRole('region', { name: 'Most viewed' })).getByRole('status').textContent,
    ).toMatch(/Loading/);
    act(() => {
      for (const event of top('topDamView', 7, [line(8, 1)])) store.dispatch(event);
    });
    expect(rows('Most viewed')).toEqual(['asset 81']);
    const options = within(screen.getByRole('combobox', { name: 'Period' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 365 days', 'All time']);
  });

  it('the names are asked once both tops have answered, in one ask (issue 26)', () => {
    const { dispatched, store } = open([...top('topDamView', 30, [line(3, 12), line(5, 4)])]);
    const naming = () => dispatched.filter((e) => e.type === 'entities/namesRequested').map((e) => e.payload);
    expect(naming()).toEqual([]);
    act(() => {
      for (const event of top('topDamDownload', 30, [line(5, 2), line(9, 1)])) store.dispatch(event);
    });
    expect(naming()).toEqual([{ path: 'dam/data/asset', ids: ['3', '5', '9'] }]);
  });

  it('an empty top says so; a failed one offers "Try again"', () => {
    const { dispatched } = open([
      ...top('topDamView', 30, []),
      topStarted({ name: 'topDamDownload', status: 'initial', nbrDays: 30, max: 24 }),
      topFailed({ name: 'topDamDownload', error: { code: 'error.http.500', message: 'boom' } }),
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Most viewed' })).getByText(/Nothing counted/),
    ).toBeTruthy();
    const downloaded = screen.getByRole('region', { name: 'Most downloaded' });
    dispatched.length = 0;
    fireEvent.click(within(downloaded).getByRole('button', { name: 'Try again' }));
    expect(dispatched.map((e) => e.payload)).toEqual([{ name: 'topDamDownload', nbrDays: 30, max: 24 }]);
  });

  it('the daily trend shows as a named chart with its table; absent, nothing shows', () => {
    const key = trendKey(30, false);
    open([
      trendStarted({ key }),
      trendLoaded({
        key,
        days: [
          { day: '2026-11-22', views: 3, downloads: 1 },
          { day: '2026-11-23', views: 5, downloads: 0 },
        ],
      }),
    ]);
    const trend = screen.getByRole('region', { name: 'Views and downloads per day' });
    expect(within(trend).getByRole('img', { name: /Views and downloads per day/ })).toBeTruthy();
    expect(
      within(trend)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Nov 22, 202631', 'Nov 23, 202650']);
  });

  it('a server without the trend (a demo call): the panel says it is not available, the tops still show', () => {
    const key = trendKey(30, false);
    open([...top('topDamView', 30, [line(3, 12)]), trendStarted({ key }), trendAbsent({ key })]);
    const trend = screen.getByRole('region', { name: 'Views and downloads per day' });
    expect(within(trend).getByRole('status').textContent).toBe(
      'The daily trend is not available on this server.',
    );
    expect(within(trend).queryByRole('img')).toBeNull();
    expect(rows('Most viewed')).toEqual(['asset 312']);
  });
});
