import { useRef, useState } from 'react';
import { COLLECTION_FILE_MAX_BYTES } from '@/api/contract/records.ts';
import { collectionApi } from '@/api/table/meta.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { useNotify } from '@/shell/toast.tsx';
import { useConfirm } from '@/kit/page/confirm.tsx';
import { ToolTable } from '@/kit/table/tool-table.tsx';
import { FilterFields } from '@/kit/list/filter-bar.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { SubList } from '@/kit/list/sub-list.tsx';
import { useFilters } from '@/kit/list/use-filters.ts';
import { useRowsOf, useAllRows } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { CollectionForm } from './collection-form.tsx';
import { useCollectionColumns, useFileColumns, useStyles } from './columns.tsx';

const FILTERS = ['keyword', 'table'] as const;

/**
 * 系统管理 › 文档集合: the tenant's registry of document collections and their files, kept in the
 * console's own database. The chosen collection is in the address (?table=), its files below the list.
 */
export default function CollectionsView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const calls = useBound(collectionApi);
  const notify = useNotify();
  const filters = useFilters(route.path, FILTERS);
  const { list, setList } = filters;
  const f = list.filters;
  const [adding, setAdding] = useState(false);
  const [ask, confirmDialog] = useConfirm();
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const data = useAllRows(() => calls.list({ keyword: f.keyword || undefined }).then((a) => a.values), [calls, f.keyword]);
  const table = data.rows?.find((x) => String(x.id) === f.table) ?? null;
  const files = useRowsOf(table, (chosen) => calls.files({ tableId: chosen.id }).then((a) => a.values), [calls, data.rows]);
  const choose = (id: number | '') => setList({ filters: { keyword: f.keyword, table: String(id) } });
  const openAdd = () => setAdding(true);

  const upload = async (file: File | undefined) => {
    if (!file || !table) return;
    if (file.size > COLLECTION_FILE_MAX_BYTES) return notify(t('fileTooLarge'), 'warning');
    setUploading(true);
    try {
      const form = new FormData();
      form.append('tableId', String(table.id));
      form.append('file', file);
      await calls.addFile(form);
      notify(t('operationDone'), 'success');
      data.reload();
    } catch {
      /* shown by the shell */
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const columns = useCollectionColumns({
    choose,
    remove: (r) =>
      ask({
        message: t('confirmDeleteCollection', { name: r.name, files: r.fileCount }),
        run: () => calls.remove({ id: r.id }),
        then: () => {
          if (String(r.id) === f.table) choose('');
          data.reload();
        },
      }),
  });
  const fileColumns = useFileColumns({
    remove: (r) => ask({ message: t('confirmDeleteFile', { name: r.name }), run: () => calls.removeFile({ id: r.id }), then: data.reload }),
  });

  return (
    <ResourcePage route={route} buttons={[{ code: 'mongo:save', label: t('addCollection'), run: openAdd }]}>
      <FilterFields filters={filters} fields={[{ name: 'keyword', label: t('keywordCollections') }]} />
      <ToolTable
        label={route.title}
        columns={columns}
        data={data}
        empty={{
          reason: f.keyword ? t('emptyFiltered') : t('emptyCollections'),
          action: (
            <PermissionButton code="mongo:save" onClick={openAdd}>
              {t('addCollection')}
            </PermissionButton>
          ),
        }}
      />
      {table && (
        <SubList
          title={t('filesOf', { name: table.name })}
          actions={
            <>
              <input
                ref={picker}
                type="file"
                className={s.hidden}
                aria-hidden
                tabIndex={-1}
                onChange={(e) => void upload(e.target.files?.[0])}
              />
              <PermissionButton code="mongo:save" onClick={() => !uploading && picker.current?.click()}>
                {uploading ? t('operating') : t('uploadFile')}
              </PermissionButton>
            </>
          }
          columns={fileColumns}
          data={files}
          empty={{ reason: t('emptyFiles') }}
        />
      )}
      {adding && (
        <CollectionForm
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            notify(t('operationDone'), 'success');
            choose(id);
            data.reload();
          }}
        />
      )}
      {confirmDialog}
    </ResourcePage>
  );
}
