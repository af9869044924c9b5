import { useState } from 'react';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';
import type { Filters } from '../list/use-filters.ts';
import type { ListState } from '../list/list-query.ts';

/** What a form opened for one task is told: close it, and it saved (the page then closes it, says so and reloads). */
export interface FormOutcome {
  onClose: () => void;
  onSaved: () => void;
}

/** A row editor's form: the row (null: a new one) and its outcome. */
export type RowFormProps<T> = FormOutcome & { row: T | null };

export interface Editor<T> {
  /** the form is open */
  open: boolean;
  /** the row being edited; null for a new one */
  row: T | null;
  add: () => void;
  edit: (row: T) => void;
  close: () => void;
  /** the save went through: closes, says 操作成功 and reloads (a new row: on the list's first page, newest first) */
  saved: () => void;
  /** the open form's props: `<RowForm {...editor.form} />` */
  form: RowFormProps<T>;
}

/**
 * Which row a page's form edits (or a new one), and what follows a save. Given the list's state, a new row is shown
 * where it lands: lists put the newest first, so a user on a later page or another sort goes to the first page in
 * the list's own order (the filters stay: they are the user's).
 * @example const editor = useEditor<Row>(data.reload, filters); … {editor.open && <RowForm {...editor.form} />}
 */
export function useEditor<T>(
  reload: () => void,
  list?: Pick<Filters, 'list' | 'setList'>,
  /** the sort that puts a new row first, for a list whose own order does not (用户管理 lists by id) */
  newest: Pick<ListState, 'sortField' | 'sortOrder'> = { sortField: null, sortOrder: null },
): Editor<T> {
  const t = useT();
  const notify = useNotify();
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const close = () => setEditing(null);
  const saved = () => {
    const created = editing?.row === null;
    setEditing(null);
    notify(t('operationDone'), 'success');
    // A changed list state loads the rows itself.
    const there = list && list.list.page === 1 && list.list.sortField === newest.sortField && list.list.sortOrder === newest.sortOrder;
    if (created && list && !there) list.setList({ page: 1, ...newest });
    else reload();
  };
  const row = editing?.row ?? null;
  return {
    open: editing !== null,
    row,
    add: () => setEditing({ row: null }),
    edit: (r) => setEditing({ row: r }),
    close,
    saved,
    form: { row, onClose: close, onSaved: saved },
  };
}
