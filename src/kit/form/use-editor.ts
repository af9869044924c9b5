import { useState } from 'react';
import { useNotify } from '../../shell/toast.tsx';
import { useT } from '../../i18n/use-t.ts';

export interface Editor<T> {
  /** the form is open */
  open: boolean;
  /** the row being edited; null for a new one */
  row: T | null;
  add: () => void;
  edit: (row: T) => void;
  close: () => void;
  /** the save went through: closes, says 操作成功 and reloads */
  saved: () => void;
}

/**
 * Which row a page's form edits (or a new one), and what follows a save.
 * @example const editor = useEditor<Row>(data.reload); … {editor.open && <RowForm row={editor.row} onSaved={editor.saved} onClose={editor.close} />}
 */
export function useEditor<T>(reload: () => void): Editor<T> {
  const t = useT();
  const notify = useNotify();
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  return {
    open: editing !== null,
    row: editing?.row ?? null,
    add: () => setEditing({ row: null }),
    edit: (row) => setEditing({ row }),
    close: () => setEditing(null),
    saved: () => {
      setEditing(null);
      notify(t('operationDone'), 'success');
      reload();
    },
  };
}
