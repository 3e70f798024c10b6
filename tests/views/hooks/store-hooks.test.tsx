import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { useAppState } from '../../../src/hooks/use-app-state';
import { useCurrentValue } from '../../../src/hooks/use-current-value';
import { useTravelling } from '../../../src/hooks/use-travelling';
import { infoLoaded } from '../../../streams/app/events';
import type { RootState } from '../../../streams/root';
import { navigated } from '../../../streams/router/events';
import { renderWithStore } from '../../helpers/render';

const pathOf = (state: RootState) => state.router.path;
/** a new object on every call, as a selector that builds its answer does */
const pathInBox = (state: RootState) => ({ path: state.router.path });
const pathWith = (state: RootState, suffix: string) => `${state.router.path}${suffix}`;

/** Shows what `read` returns and counts its renders in `renders`. */
function Probe<T>({ read, renders }: { read: () => T; renders: T[] }) {
  const value = read();
  renders.push(value);
  return <p>{JSON.stringify(value)}</p>;
}

/** A parent whose button renders the probe again with `read(clicks)`, props and context as they were. */
function Parent<T>({ read, renders }: { read: (clicks: number) => T; renders: T[] }) {
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        Render again
      </button>
      <Probe read={() => read(clicks)} renders={renders} />
    </>
  );
}

describe('useAppState', () => {
  it('renders the selected value and renders again when it changes', () => {
    const renders: string[] = [];
    const { store } = renderWithStore(<Probe read={() => useAppState(pathOf)} renders={renders} />);
    expect(screen.getByText('"/"')).toBeTruthy();
    act(() => {
      store.dispatch(navigated({ path: '/carts', search: '', via: 'link' }));
    });
    expect(screen.getByText('"/carts"')).toBeTruthy();
    expect(renders).toEqual(['/', '/carts']);
  });

  it('does not render again when an event leaves the selected value as it was', () => {
    const renders: string[] = [];
    const { store } = renderWithStore(<Probe read={() => useAppState(pathOf)} renders={renders} />);
    act(() => {
      store.dispatch(infoLoaded({ infos: { appName: 'Demo' } }));
    });
    expect(renders).toEqual(['/']);
  });

  it('gives a selector that builds a new object the same object until the state changes', () => {
    const renders: { path: string }[] = [];
    const { store } = renderWithStore(<Parent read={() => useAppState(pathInBox)} renders={renders} />);
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
    expect(renders).toHaveLength(2);
    expect(renders[1]).toBe(renders[0]);
    act(() => {
      store.dispatch(infoLoaded({ infos: { appName: 'Demo' } }));
    });
    // a new state: the selector runs again and its new object renders
    expect(renders).toHaveLength(3);
    expect(renders[2]).toEqual({ path: '/' });
  });

  it('selects again with new arguments', () => {
    const renders: string[] = [];
    renderWithStore(
      <Parent read={(clicks) => useAppState(pathWith, clicks === 0 ? '#a' : '#b')} renders={renders} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
    expect(screen.getByText('"/#b"')).toBeTruthy();
    expect(renders).toEqual(['/#a', '/#b']);
  });

  it('shows the travelled-to state, and the live one again after', () => {
    const renders: string[] = [];
    const { store } = renderWithStore(
      <Probe read={() => `${useAppState(pathOf)} ${useTravelling()}`} renders={renders} />,
    );
    const live = store.getState();
    act(() => {
      store.travel({ ...live, router: { ...live.router, path: '/devtools' } });
    });
    expect(screen.getByText('"/devtools true"')).toBeTruthy();
    act(() => {
      store.travel(null);
    });
    expect(screen.getByText('"/ false"')).toBeTruthy();
  });
});

describe('useCurrentValue', () => {
  it('follows a BehaviorSubject and lets go of it on unmount', () => {
    const count$ = new BehaviorSubject(1);
    const renders: number[] = [];
    const view = render(<Probe read={() => useCurrentValue(count$)} renders={renders} />);
    act(() => count$.next(2));
    expect(screen.getByText('2')).toBeTruthy();
    expect(count$.observed).toBe(true);
    view.unmount();
    expect(count$.observed).toBe(false);
    expect(renders).toEqual([1, 2]);
  });
});
