import { formatBytes } from '@/lib/format.ts';
import { makeStyles } from '@fluentui/react-components';
import type { CollectionFileRow, CollectionRow } from '@/api/table/meta.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useT } from '@/i18n/use-t.ts';
import { Mono } from '@/kit/table/mono.tsx';

export const useStyles = makeStyles({
  hidden: { display: 'none' },
});

/** The collections: name, remark, files and their size, created; 文件 chooses one, 删除 asks first. */
export function useCollectionColumns({
  choose,
  remove,
}: {
  choose: (id: number) => void;
  remove: (r: CollectionRow) => void;
}): Column<CollectionRow>[] {
  const t = useT();
  const formatInstant = useFormatInstant();
  return [
    {
      key: 'name',
      title: t('collectionName'),
      width: 200,
      render: (r) => <Mono>{r.name}</Mono>,
      ellipsis: (r) => r.name,
    },
    { key: 'remark', title: t('remark'), width: 200, render: (r) => r.remark || '--' },
    { key: 'fileCount', title: t('fileCount'), width: 70, render: (r) => r.fileCount },
    { key: 'size', title: t('fileSize'), width: 90, render: (r) => formatBytes(r.size) },
    { key: 'createdAt', title: t('createdAt'), width: 150, render: (r) => formatInstant(r.createdAt, 'minutes') },
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [
        { code: 'mongo:files', label: t('filesAction'), read: true, run: () => choose(r.id) },
        { code: 'mongo:del', label: t('delete'), run: () => remove(r) },
      ],
    }),
  ];
}

/** A collection's files: name, type, size, added; 删除 asks first. */
export function useFileColumns({ remove }: { remove: (r: CollectionFileRow) => void }): Column<CollectionFileRow>[] {
  const t = useT();
  const formatInstant = useFormatInstant();
  return [
    { key: 'name', title: t('fileName'), width: 220, render: (r) => r.name },
    {
      key: 'type',
      title: t('fileType'),
      width: 160,
      render: (r) => <Mono>{r.contentType}</Mono>,
      ellipsis: (r) => r.contentType,
    },
    { key: 'size', title: t('fileSize'), width: 90, render: (r) => formatBytes(r.size) },
    { key: 'createdAt', title: t('createdAt'), width: 150, render: (r) => formatInstant(r.createdAt, 'minutes') },
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [{ code: 'mongo:del', label: t('delete'), run: () => remove(r) }],
    }),
  ];
}
