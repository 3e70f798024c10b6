import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../src/ui/toaster';
import { dismissToast, getToasts, showToast, TOAST_DURATION_MS } from '../../../src/ui/toasts';
import { appStarted } from '../../helpers/app-started';
import { renderWithStore } from '../../helpers/render';

describe('toasts (src/ui/toasts.ts, <Toaster/>)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('shows a toast in a status region, runs its action once and goes away, focus going to the content', () => {
    renderWithStore(
      <>
        <main id="main" tabIndex={-1} />
        <Toaster />
      </>,
      [appStarted()],
    );
    const undo = vi.fn();
    act(() => void showToast({ message: 'Item removed', action: { label: 'Undo', run: undo } }));
    expect(screen.getByRole('status').textContent).toContain('Item removed');
    screen.getByRole('button', { name: 'Undo' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Item removed')).toBeNull();
    expect(document.activeElement?.id).toBe('main');
  });

  it('leaves after its duration, stays while hovered or focused, and Dismiss removes it', () => {
    renderWithStore(<Toaster />, [appStarted()]);
    act(() => void showToast({ message: 'Saved' }));
    act(() => void showToast({ message: 'Held', durationMs: 1000 }));
    const held = screen.getByText('Held').parentElement!;
    fireEvent.mouseEnter(held);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Held')).toBeTruthy();
    fireEvent.mouseLeave(held);
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Held')).toBeTruthy();
    fireEvent.blur(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Held')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Held')).toBeNull();
    act(() => void showToast({ message: 'Gone soon' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Gone soon')).toBeNull();
  });

  it('speaks French with the user', () => {
    renderWithStore(<Toaster />, [appStarted({ locale: 'fr' })]);
    act(() => void showToast({ message: 'Élément retiré' }));
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
