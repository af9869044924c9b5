import { useEffect, useMemo, useState } from 'react';
import { recordCalls } from '../../api/calls/record-calls.ts';
import type { MetaRecord, RecordSchema } from '../../api/contract.ts';
import { useApi } from '../../shell/session/api-context.ts';
import { PermissionButton } from '../../shell/session/permission-button.tsx';
import { SessionContext } from '../../shell/session/session-context.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/list/data-table.tsx';
import { FilterBar, emptyState } from '../../kit/list/filter-bar.tsx';
import { nextSort } from '../../kit/list/list-query.ts';
import { Pagination } from '../../kit/list/pagination.tsx';
import { BatchBar } from '../../kit/list/batch-bar.tsx';
import { useConfirm } from '../../kit/page/confirm.tsx';
import { DetailDialog } from '../../kit/page/detail-dialog.tsx';
import { ResourcePage } from '../../kit/page/resource-page.tsx';
import { actionsColumn } from '../../kit/list/row-actions.tsx';
import { useFilters } from '../../kit/list/use-filters.ts';
import { useListData } from '../../kit/list/use-list.ts';
import { useRunEach } from '../../kit/page/use-run-each.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { FilterInput } from './record-fields.tsx';
import { saveSheet } from '../../lib/save-sheet.ts';
import { RecordForm, type Editing } from './record-form.tsx';
import { ImportDialog } from './record-import.tsx';
import { useStyles } from './records-styles.ts';
import { WIDTH, useShow } from './record-show.tsx';
import { useSheetDownload } from '../../kit/page/use-sheet-download.ts';

export function RecordsPage({ route, schema }: ViewProps & { schema: RecordSchema }) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => recordCalls(api), [api]);
  const notify = useNotify();
  const show = useShow();
  const me = SessionContext.useSelector((st) => st.context.userInfo);
  const departs = useMemo(() => {
    const all = me?.allDepartList ?? [];
    // Only departments in the user's scope can be chosen (the server refuses others).
    return me?.userType === 0 ? all : all.filter((d) => me?.departmentPermission?.includes(d.id) ?? true);
  }, [me]);
  const { table, fields, codes } = schema;
  const searchable = fields.filter((f) => f.searchable);
  const filterNames = useMemo(() => searchable.map((f) => f.name), [schema]);
  const filters = useFilters(route.path, filterNames);
  const { list, setList } = filters;
  const f = list.filters;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [detail, setDetail] = useState<MetaRecord | null>(null);
  const [importing, setImporting] = useState(false);
  const [ask, confirmDialog] = useConfirm();
  const runEach = useRunEach();

  const query = {
    filters: Object.fromEntries(Object.entries(f).filter(([, v]) => v)),
    sortField: list.sortField ?? undefined,
    sortOrder: list.sortOrder ?? undefined,
  };
  const data = useListData(
    () => calls.list({ tableId: table.id, pageNum: list.page, pageSize: list.size, ...query }),
    [calls, table.id, list.page, list.size, list.sortField, list.sortOrder, JSON.stringify(f)],
  );
  useEffect(() => setSelected(new Set()), [data.rows]);

  const openAdd = () => setEditing({ kind: 'new' });

  const openEdit = async (row: MetaRecord) => {
    try {
      setEditing({ kind: 'edit', record: await calls.detail(table.id, row.id) });
    } catch {
      /* shown by the shell */
    }
  };
  const openDetail = async (row: MetaRecord) => {
    try {
      setDetail(await calls.detail(table.id, row.id));
    } catch {
      /* shown by the shell */
    }
  };

  const download = useSheetDownload();
  const exportList = () =>
    download(async () => {
      const sheet = await calls.sheet({ tableId: table.id, ...query });
      await saveSheet(sheet);
      return sheet;
    });

  const askRemove = (rows: MetaRecord[]) =>
    ask({
      message:
        rows.length > 1
          ? t('confirmDeleteRecords', { count: rows.length, label: table.label })
          : t('confirmDeleteRecord', { name: title(rows[0]) }),
      run: () => runEach(rows, (r) => calls.remove(table.id, r.id), data.reload),
      quiet: true,
    });

  const title = (r: MetaRecord) => {
    const first = fields.find((x) => x.type === 'text') ?? fields[0];
    return first ? show(first, r) : `#${r.id}`;
  };

  const columns: Column<MetaRecord>[] = [
    ...fields
      .filter((x) => x.listColumn)
      .map((x): Column<MetaRecord> => ({
        key: x.name,
        title: x.label,
        width: WIDTH[x.type],
        sortable: x.type !== 'image',
        render: (r) =>
          x.type === 'image' && typeof r.values[x.name] === 'string' ? (
            <img className={s.thumb} src={r.values[x.name] as string} alt={x.label} />
          ) : (
            show(x, r)
          ),
        ellipsis: x.type === 'text' || x.type === 'reference' ? (r) => show(x, r) : undefined,
      })),
    actionsColumn({
      title: t('actions'),
      route,
      width: 170,
      name: (r) => title(r),
      actions: (r) => [
        { code: `${table.name}:detail`, label: t('detail'), read: true, run: () => void openDetail(r) },
        { code: codes.edit, label: t('edit'), run: () => void openEdit(r) },
        { code: codes.del, label: t('delete'), run: () => askRemove([r]) },
      ],
    }),
  ];

  const chosen = (data.rows ?? []).filter((r) => selected.has(r.id));
  const datetime = (name: string, value: string) =>
    show({ ...fields[0], name, type: 'datetime' }, { ...detail!, values: { [name]: value } });
  return (
    <ResourcePage
      route={route}
      buttons={[
        { code: codes.add, label: t('add'), paletteLabel: `${t('add')}${table.label}`, run: openAdd },
        { code: codes.import, label: t('importButton'), paletteLabel: `${t('importButton')}${table.label}`, run: () => setImporting(true) },
        { code: codes.export, label: t('exportButton'), paletteLabel: `${t('exportButton')}${table.label}`, run: () => void exportList() },
      ]}
    >
      {searchable.length > 0 && (
        <FilterBar onSearch={filters.search} onReset={filters.reset}>
          {searchable.map((x) => (
            <FilterInput
              key={x.name}
              field={x}
              tableId={table.id}
              departs={departs}
              value={filters.draft[x.name] ?? ''}
              onChange={(v) => filters.edit(x.name, v)}
            />
          ))}
        </FilterBar>
      )}
      <BatchBar count={chosen.length} onClear={() => setSelected(new Set())}>
        <PermissionButton code={codes.del} route={route} onClick={() => askRemove(chosen)}>
          {t('batchDelete')}
        </PermissionButton>
      </BatchBar>
      <DataTable
        label={route.title}
        columns={columns}
        data={data}
        rowKey={(r) => r.id}
        sortField={list.sortField}
        sortOrder={list.sortOrder}
        onSort={(field) => setList(nextSort(list, field))}
        selected={selected}
        onSelect={setSelected}
        empty={emptyState(filters, {
          reason: t('emptyRecords', { label: table.label }),
          filteredReason: t('emptyRecordsFiltered'),
          action: (
            <PermissionButton code={codes.add} route={route} onClick={openAdd}>
              {t('add')}
            </PermissionButton>
          ),
        })}
      />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      {editing && (
        <RecordForm
          schema={schema}
          editing={editing}
          departs={departs}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify(t('operationDone'), 'success');
            data.reload();
          }}
        />
      )}
      <DetailDialog
        title={`${table.label}${t('detail')}`}
        onClose={() => setDetail(null)}
        items={
          detail && [
            ...fields.map(
              (x) =>
                [
                  x.label,
                  x.type === 'image' && typeof detail.values[x.name] === 'string' ? (
                    <img src={detail.values[x.name] as string} alt={x.label} style={{ maxWidth: 160 }} />
                  ) : (
                    show(x, detail)
                  ),
                ] as const,
            ),
            [t('createdAt'), datetime('__c', detail.createdAt)] as const,
            [t('updatedAt'), datetime('__u', detail.updatedAt)] as const,
          ]
        }
      />
      {confirmDialog}
      <ImportDialog open={importing} schema={schema} onClose={() => setImporting(false)} onImported={data.reload} />
    </ResourcePage>
  );
}
