// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useRowSelection } from '@/kit/list/use-row-selection.ts';

const rows = (...ids: number[]) => ids.map((id) => ({ id, name: `r${id}` }));

describe('a list’s selection (src/kit/list/use-row-selection.ts)', () => {
  it('chooses among the rows on screen, in their order, and clears', () => {
    const page = rows(1, 2, 3);
    const { result } = renderHook(() => useRowSelection(page));
    expect(result.current.chosen).toEqual([]);
    act(() => result.current.onSelect(new Set([3, 1, 9])));
    // an id not on screen is never a chosen row
    expect(result.current.chosen.map((r) => r.id)).toEqual([1, 3]);
    act(() => result.current.clear());
    expect(result.current.chosen).toEqual([]);
    expect(result.current.selected.size).toBe(0);
  });

  it('is cleared when the rows change (another page, a filter, a reload), not when they are the same rows', () => {
    const first = rows(1, 2);
    const { result, rerender } = renderHook(({ page }) => useRowSelection(page), { initialProps: { page: first } });
    act(() => result.current.onSelect(new Set([2])));
    rerender({ page: first });
    expect(result.current.chosen.map((r) => r.id)).toEqual([2]);
    rerender({ page: rows(1, 2) });
    expect(result.current.chosen).toEqual([]);
  });

  it('has nothing to choose while the rows load', () => {
    const { result } = renderHook(() => useRowSelection<{ id: number }>(undefined));
    act(() => result.current.onSelect(new Set([1])));
    expect(result.current.chosen).toEqual([]);
  });
});
