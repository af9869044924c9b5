import { useEffect, useState } from 'react';

/**
 * A list's selection for its batch actions: the ids chosen among the rows on screen, cleared whenever the rows change
 * (another page, a filter, a reload after a batch), so a batch never acts on rows the user no longer sees.
 * `selected` and `onSelect` go to the table (ResourceList); `chosen` and `clear` to the batch bar.
 */
export function useRowSelection<R extends { id: number }>(rows: readonly R[] | null | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => setSelected(new Set()), [rows]);
  return {
    selected,
    onSelect: setSelected as (next: Set<number>) => void,
    /** the selected rows, in the list's order */
    chosen: (rows ?? []).filter((r) => selected.has(r.id)),
    clear: () => setSelected(new Set()),
  };
}
