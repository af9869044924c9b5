// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useAllRows, useRowsOf } from '@/kit/list/use-list.ts';

const table = (id: number) => ({ id, name: `表${id}` });

describe('lists read whole (src/kit/list/use-list.ts)', () => {
  it('useAllRows counts the rows its one answer holds', async () => {
    const { result } = renderHook(() => useAllRows(() => Promise.resolve(['a', 'b', 'c']), []));
    await waitFor(() => expect(result.current.rows).toEqual(['a', 'b', 'c']));
    expect(result.current.count).toBe(3);
  });

  it('useRowsOf reads the chosen row’s rows, none while nothing is chosen, again for another row or a new master list', async () => {
    const read = vi.fn((chosen: { id: number }) => Promise.resolve([`${chosen.id}.1`, `${chosen.id}.2`]));
    const { result, rerender } = renderHook(({ chosen, master }) => useRowsOf(chosen, read, [master]), {
      initialProps: { chosen: null as ReturnType<typeof table> | null, master: 1 },
    });
    await waitFor(() => expect(result.current.rows).toEqual([]));
    expect(read).not.toHaveBeenCalled();

    rerender({ chosen: table(7), master: 1 });
    await waitFor(() => expect(result.current.rows).toEqual(['7.1', '7.2']));
    expect(result.current.count).toBe(2);
    // the same row given anew (the master list re-rendered) is not read again
    rerender({ chosen: table(7), master: 1 });
    rerender({ chosen: table(9), master: 1 });
    await waitFor(() => expect(result.current.rows).toEqual(['9.1', '9.2']));
    expect(read.mock.calls.map(([c]) => c.id)).toEqual([7, 9]);
    rerender({ chosen: table(9), master: 2 });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(3));
  });
});
