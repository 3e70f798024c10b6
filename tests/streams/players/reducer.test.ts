import { describe, expect, it } from 'vitest';
import { serializeError } from '../../../streams/core/errors';
import {
  actionsListed,
  descriptionRequested,
  fetchFailed,
  fetchStarted,
  loaded,
  playerRequested,
  scriptAwaited,
  scriptFailed,
} from '../../../streams/players/events';
import {
  selectMediaDescription,
  selectPlayer,
  selectPlayerActions,
  selectPlayerScript,
} from '../../../streams/players/selectors';
import { fold } from '../../helpers/marbles';

const KEY = '/wedia/evp/htmlAndJsPlayer.json?object=asset&id=12&width=100%25&height=100%25';

describe('players reducer', () => {
  it('player: requested → fetching → loaded with its fetchedAt; a new fetch keeps the data', () => {
    const ask = playerRequested({ resource: 'asset', id: '12', width: '100%', height: '100%' });
    const first = fold([
      ask,
      fetchStarted({ key: KEY, kind: 'player' }),
      loaded({ key: KEY, kind: 'player', data: { Dom: '<div/>' }, fetchedAt: 1000 }),
    ]);
    expect(selectPlayer(first, 'asset', '12')).toEqual({
      kind: 'player',
      status: 'loaded',
      data: { Dom: '<div/>' },
      fetchedAt: 1000,
      error: null,
    });
    const again = fold([fetchStarted({ key: KEY, kind: 'player' })], first);
    expect(selectPlayer(again, 'asset', '12')).toMatchObject({ status: 'fetching', data: { Dom: '<div/>' } });
    const failed = fold(
      [fetchFailed({ key: KEY, kind: 'player', error: serializeError(new Error('x')) })],
      again,
    );
    expect(selectPlayer(failed, 'asset', '12')).toMatchObject({ status: 'error', error: { message: 'x' } });
  });

  it('a description the server does not have is null', () => {
    const key = '/wedia/cloud/describeMedia?object=asset&id=3';
    const state = fold([
      descriptionRequested({ resource: 'asset', id: '3' }),
      fetchStarted({ key, kind: 'description' }),
      loaded({ key, kind: 'description', data: null, fetchedAt: 5 }),
    ]);
    expect(selectMediaDescription(state, 'asset', '3')).toMatchObject({ status: 'loaded', data: null });
    expect(selectMediaDescription(state, 'asset', '4')).toBeNull();
  });

  it('keeps the listed actions per asset and the script outcome', () => {
    const state = fold([
      actionsListed({ resource: 'asset', id: '12', actions: [{ action: 'download' }, { action: 'share' }] }),
      scriptAwaited({ name: 'EvpPlayer' }),
      scriptFailed({ name: 'EvpPlayer', message: 'Could not load EvpPlayer' }),
    ]);
    expect(selectPlayerActions(state, 'asset', '12')).toEqual([{ action: 'download' }, { action: 'share' }]);
    expect(selectPlayerActions(state, 'asset', '13')).toEqual([]);
    expect(selectPlayerScript(state, 'EvpPlayer')).toEqual({
      status: 'error',
      message: 'Could not load EvpPlayer',
    });
  });
});
