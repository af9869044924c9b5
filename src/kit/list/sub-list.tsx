import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ToolTable, type KeyedTableProps } from '../table/tool-table.tsx';

const useStyles = makeStyles({
  section: { marginTop: tokens.spacingVerticalXXL },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
});

export type SubListProps<T, K extends string | number> = { title: string; actions?: ReactNode; children?: ReactNode } & Omit<
  KeyedTableProps<T, K>,
  'label'
>;

/**
 * A second list under a page's table, about the row chosen there (a key's calls, a task's runs): a titled region
 * with its own table and its tools, buttons beside the title and a pager below.
 */
export function SubList<T, K extends string | number>({ title, actions, children, ...table }: SubListProps<T, K>) {
  const s = useStyles();
  return (
    <section className={s.section} aria-label={title}>
      <div className={s.head}>
        <h2 className={s.title}>{title}</h2>
        {actions}
      </div>
      <ToolTable label={title} {...table} footer={children} />
    </section>
  );
}
