import { Button, Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MONGO_FILE_MAX_BYTES, type MongoFileRow, type MongoTableRow } from '../../api/contract.ts';
import { metaCalls } from '../../api/meta-calls.ts';
import { collectionAdd } from '../../api/schema/collection.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { PermissionButton } from '../../shell/permission-button.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FilterBar } from '../../kit/filter-bar.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { useForm } from '../../kit/use-form.ts';
import { useListData, useListState } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const FILTERS = ['keyword', 'table'] as const;

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  section: { marginTop: tokens.spacingVerticalXXL },
  sectionHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: tokens.spacingVerticalM },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  hidden: { display: 'none' },
});

/** 1536 -> 1.5 KB */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

interface Values extends Record<string, unknown> {
  name: string;
  remark: string;
}
const problems = (v: Values) => fieldProblems(collectionAdd, v);

function CollectionForm({ onClose, onSaved }: { onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => metaCalls(api), [api]);
  const form = useForm<Values>({ name: '', remark: '' }, problems);
  const save = () =>
    form.submit(async (v) => {
      const { id } = await calls.addCollection(v.name, v.remark);
      onSaved(id);
    });
  return (
    <FormDrawer open title={t('addCollection')} dirty={form.dirty} saving={form.saving} onSubmit={save} onClose={onClose}>
      <Field label={t('collectionName')} required hint={form.error('name') ? undefined : t('collectionNameHint')} {...form.field('name')}>
        <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} onBlur={() => form.blur('name')} />
      </Field>
      <Field label={t('remark')} {...form.field('remark')}>
        <Textarea value={form.values.remark} onChange={(_, d) => form.set('remark', d.value)} onBlur={() => form.blur('remark')} />
      </Field>
    </FormDrawer>
  );
}

type Pending = { kind: 'collection'; row: MongoTableRow } | { kind: 'file'; row: MongoFileRow } | null;

/**
 * 系统管理 › 文档集合 (SPEC 7 Mongo): the tenant's registry of document collections and their files, kept in the
 * console's own database. The chosen collection is in the address (?table=), its files below the list.
 */
export default function MongoTablesView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => metaCalls(api), [api]);
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const [list, setList] = useListState(route.path, FILTERS);
  const f = list.filters;
  const [keyword, setKeyword] = useState(f.keyword);
  useEffect(() => setKeyword(f.keyword), [f.keyword]);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [files, setFiles] = useState<MongoFileRow[] | null>(null);
  const [fileTick, setFileTick] = useState(0);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const data = useListData(async () => {
    const rows = await calls.collections(f.keyword || undefined);
    return { rows, count: rows.length };
  }, [calls, f.keyword]);
  const table = data.rows?.find((x) => String(x.id) === f.table) ?? null;
  useEffect(() => {
    if (!table) return setFiles(null);
    let live = true;
    calls.files(table.id).then(
      (rows) => live && setFiles(rows),
      () => live && setFiles([]),
    );
    return () => {
      live = false;
    };
  }, [calls, table?.id, fileTick]);

  const openAdd = useCallback(() => setAdding(true), []);
  usePageActions([{ code: 'mongo:save', label: t('addCollection'), run: openAdd }]);

  const upload = async (file: File | undefined) => {
    if (!file || !table) return;
    if (file.size > MONGO_FILE_MAX_BYTES) return notify(t('fileTooLarge'), 'warning');
    setUploading(true);
    try {
      await calls.addFile(table.id, file);
      notify(t('operationDone'), 'success');
      setFileTick((x) => x + 1);
      data.reload();
    } catch {
      /* shown by the shell */
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const columns: Column<MongoTableRow>[] = [
    {
      key: 'name',
      title: t('collectionName'),
      width: 200,
      render: (r) => <span className={s.mono}>{r.name}</span>,
      ellipsis: (r) => r.name,
    },
    { key: 'remark', title: t('remark'), width: 200, render: (r) => r.remark || '--', ellipsis: (r) => r.remark },
    { key: 'fileCount', title: t('fileCount'), width: 70, render: (r) => r.fileCount },
    { key: 'size', title: t('fileSize'), width: 90, render: (r) => formatBytes(r.size) },
    { key: 'createdAt', title: t('createdAt'), width: 150, render: (r) => formatInstant(r.createdAt, 'minutes') },
    {
      key: 'actions',
      title: t('actions'),
      width: 140,
      render: (r) => (
        <div className={s.cellActions}>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('filesAction')} ${r.name}`}
            onClick={() => setList({ filters: { keyword: f.keyword, table: String(r.id) } })}
          >
            {t('filesAction')}
          </Button>
          <PermissionButton
            code="mongo:del"
            route={route}
            aria-label={`${t('delete')} ${r.name}`}
            onClick={() => setPending({ kind: 'collection', row: r })}
          >
            {t('delete')}
          </PermissionButton>
        </div>
      ),
    },
  ];
  const fileColumns: Column<MongoFileRow>[] = [
    { key: 'name', title: t('fileName'), width: 220, render: (r) => r.name, ellipsis: (r) => r.name },
    {
      key: 'type',
      title: t('fileType'),
      width: 160,
      render: (r) => <span className={s.mono}>{r.contentType}</span>,
      ellipsis: (r) => r.contentType,
    },
    { key: 'size', title: t('fileSize'), width: 90, render: (r) => formatBytes(r.size) },
    { key: 'createdAt', title: t('createdAt'), width: 150, render: (r) => formatInstant(r.createdAt, 'minutes') },
    {
      key: 'actions',
      title: t('actions'),
      width: 90,
      render: (r) => (
        <PermissionButton
          code="mongo:del"
          route={route}
          aria-label={`${t('delete')} ${r.name}`}
          onClick={() => setPending({ kind: 'file', row: r })}
        >
          {t('delete')}
        </PermissionButton>
      ),
    },
  ];

  const confirmDelete = async () => {
    const p = pending!;
    setPending(null);
    try {
      if (p.kind === 'collection') {
        await calls.deleteCollection(p.row.id);
        if (String(p.row.id) === f.table) setList({ filters: { keyword: f.keyword, table: '' } });
      } else {
        await calls.deleteFile(p.row.id);
        setFileTick((x) => x + 1);
      }
      notify(t('operationDone'), 'success');
      data.reload();
    } catch {
      /* shown by the shell */
    }
  };

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <PermissionButton code="mongo:save" route={route} size="medium" onClick={openAdd}>
            {t('addCollection')}
          </PermissionButton>
        }
      />
      <FilterBar
        onSearch={() => setList({ filters: { keyword: keyword.trim(), table: f.table } })}
        onReset={() => setList({ filters: { keyword: '', table: '' } })}
      >
        <Input
          aria-label={t('keywordCollections')}
          placeholder={t('keywordCollections')}
          value={keyword}
          onChange={(_, d) => setKeyword(d.value)}
        />
      </FilterBar>
      <DataTable
        label={route.title}
        columns={columns}
        data={data}
        rowKey={(r) => r.id}
        empty={{
          reason: f.keyword ? t('emptyFiltered') : t('emptyCollections'),
          action: (
            <PermissionButton code="mongo:save" route={route} onClick={openAdd}>
              {t('addCollection')}
            </PermissionButton>
          ),
        }}
      />
      {table && (
        <section className={s.section} aria-label={t('filesOf', { name: table.name })}>
          <div className={s.sectionHead}>
            <h2 className={s.sectionTitle}>{t('filesOf', { name: table.name })}</h2>
            <input
              ref={picker}
              type="file"
              className={s.hidden}
              aria-hidden
              tabIndex={-1}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <PermissionButton code="mongo:save" route={route} onClick={() => !uploading && picker.current?.click()}>
              {uploading ? t('operating') : t('uploadFile')}
            </PermissionButton>
          </div>
          <DataTable
            label={t('filesOf', { name: table.name })}
            columns={fileColumns}
            rows={files}
            rowKey={(r) => r.id}
            empty={{ reason: t('emptyFiles') }}
          />
        </section>
      )}
      {adding && (
        <CollectionForm
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            notify(t('operationDone'), 'success');
            setList({ filters: { keyword: f.keyword, table: String(id) } });
            data.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        message={
          !pending
            ? ''
            : pending.kind === 'collection'
              ? t('confirmDeleteCollection', { name: pending.row.name, files: pending.row.fileCount })
              : t('confirmDeleteFile', { name: pending.row.name })
        }
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
