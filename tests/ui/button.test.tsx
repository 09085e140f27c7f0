import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Button } from '#src/ui/Button.tsx';
import { renderInConsole } from './render.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const spinnerShown = () => screen.getByRole('button', { name: 'Save' }).hasAttribute('data-loading');

test('the spinner appears only after 500 ms of loading', () => {
  renderInConsole(<Button loading>Save</Button>);
  expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('ariaBusy', 'true');
  expect(spinnerShown()).toBe(false);
  act(() => vi.advanceTimersByTime(499));
  expect(spinnerShown()).toBe(false);
  act(() => vi.advanceTimersByTime(1));
  expect(spinnerShown()).toBe(true);
});

test('a short load never shows the spinner, and clicks are ignored while loading', () => {
  const onClick = vi.fn();
  const { rerender } = renderInConsole(<Button loading onClick={onClick}>Save</Button>);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onClick).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(300));
  rerender(<Button onClick={onClick}>Save</Button>);
  act(() => vi.advanceTimersByTime(1000));
  expect(spinnerShown()).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onClick).toHaveBeenCalledTimes(1);
});
