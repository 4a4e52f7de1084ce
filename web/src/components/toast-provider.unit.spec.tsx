// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSnackbar } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_EXTENDED_MS, TOAST_MS, ToastProvider } from './toast-provider';

function Trigger() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <button type="button" onClick={() => enqueueSnackbar('Plan saved', { variant: 'success' })}>
      toast
    </button>
  );
}

/** Long enough for notistack's exit transition and collapse to take the toast out of the page. */
const EXIT_MS = 1000;

/** Moves the clock in small steps, letting React commit between them (each transition step waits for the last). */
async function advance(ms: number) {
  for (let done = 0; done < ms; done += 50) await act(() => vi.advanceTimersByTime(Math.min(50, ms - done)));
}
const toast = () => screen.queryByText('Plan saved');

function showToast() {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'toast' }));
  const shown = screen.getByRole('alert');
  expect(shown.textContent).toContain('Plan saved');
  return shown;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toasts', () => {
  it('leave 5000 ms after they appear', async () => {
    showToast();
    await advance(TOAST_MS - 1);
    expect(toast()).not.toBeNull();
    await advance(1 + EXIT_MS);
    expect(toast()).toBeNull();
  });

  it('stay while hovered, past 5000 ms, and leave 1000 ms after the pointer does', async () => {
    const shown = showToast();
    await advance(1000);
    fireEvent.mouseEnter(shown);
    await advance(TOAST_MS * 3);
    expect(toast()).not.toBeNull();
    fireEvent.mouseLeave(shown);
    await advance(TOAST_EXTENDED_MS - 1);
    expect(toast()).not.toBeNull();
    await advance(1 + EXIT_MS);
    expect(toast()).toBeNull();
  });

  it('start the 1000 ms again when the pointer comes back in time', async () => {
    const shown = showToast();
    fireEvent.mouseEnter(shown);
    fireEvent.mouseLeave(shown);
    await advance(TOAST_EXTENDED_MS - 100);
    fireEvent.mouseEnter(shown);
    await advance(TOAST_MS);
    expect(toast()).not.toBeNull();
    fireEvent.mouseLeave(shown);
    await advance(TOAST_EXTENDED_MS + EXIT_MS);
    expect(toast()).toBeNull();
  });
});
