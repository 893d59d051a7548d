import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettled } from './settled-value.ts';

describe('a value settling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the first value at once, then only a value left unchanged for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useSettled(value, 400), {
      initialProps: { value: { from: '2026-11-27', to: '2026-11-28' } },
    });
    expect(result.current).toEqual({ from: '2026-11-27', to: '2026-11-28' });
    rerender({ value: { from: '2020-01-01', to: '2026-11-28' } });
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: { from: '2020-01-01', to: '2020-01-02' } });
    act(() => vi.advanceTimersByTime(300));
    // The intermediate range (years long) was never given.
    expect(result.current).toEqual({ from: '2026-11-27', to: '2026-11-28' });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toEqual({ from: '2020-01-01', to: '2020-01-02' });
  });

  it('keeps giving an equal value (a new object with the same content) without waiting', () => {
    const { result, rerender } = renderHook(({ value }) => useSettled(value, 400), {
      initialProps: { value: { kpi: 'download' } },
    });
    rerender({ value: { kpi: 'download' } });
    expect(result.current).toEqual({ kpi: 'download' });
  });
});
