import { Badge, Button, Field, Input, Select, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  META_FIELD_TYPES,
  metaFieldProblems,
  type EnumOption,
  type MetaFieldInput,
  type MetaFieldRow,
  type MetaFieldType,
  type MetaTableRow,
} from '../../api/contract.ts';
import { metaCalls } from '../../api/meta-calls.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { metaTableSave } from '../../api/schema/meta-table.ts';
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
import { Pagination } from '../../kit/pagination.tsx';
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
  flags: { display: 'flex', gap: tokens.spacingHorizontalXXS, flexWrap: 'wrap' },
  option: { display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  switches: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

const typeKey = (type: MetaFieldType) => `metaType_${type}` as const;

interface TableValues extends Record<string, unknown> {
  name: string;
  label: string;
  remark: string;
  component: string;
}

function TableForm({ row, onClose, onSaved }: { row: MetaTableRow | null; onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => metaCalls(api), [api]);
  const form = useForm<TableValues>(
    { name: row?.name ?? '', label: row?.label ?? '', remark: row?.remark ?? '', component: row?.component ?? '' },
    (v) => fieldProblems(metaTableSave, v),
  );
  const save = () =>
    form.submit(async (v) => {
      const { id } = await calls.saveTable({ ...(row ? { id: row.id } : {}), ...v });
      onSaved(id);
    });
  return (
    <FormDrawer
      open
      title={row ? t('editMetaTable') : t('addMetaTable')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      <Field label={t('metaName')} required hint={form.error('name') ? undefined : t('metaNameHint')} {...form.field('name')}>
        <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value.trim())} onBlur={() => form.blur('name')} />
      </Field>
      <Field label={t('metaLabel')} required {...form.field('label')}>
        <Input value={form.values.label} onChange={(_, d) => form.set('label', d.value)} onBlur={() => form.blur('label')} />
      </Field>
      <Field label={t('remark')} {...form.field('remark')}>
        <Textarea value={form.values.remark} onChange={(_, d) => form.set('remark', d.value)} onBlur={() => form.blur('remark')} />
      </Field>
      <Field label={t('metaComponent')} hint={form.error('component') ? undefined : t('metaComponentHint')} {...form.field('component')}>
        <Input
          value={form.values.component}
          placeholder="base-info/store-mng"
          onChange={(_, d) => form.set('component', d.value.trim())}
          onBlur={() => form.blur('component')}
        />
      </Field>
    </FormDrawer>
  );
}

interface FieldValues extends Record<string, unknown> {
  name: string;
  label: string;
  type: MetaFieldType;
  options: EnumOption[];
  refTableId: string;
  required: boolean;
  unique: boolean;
  searchable: boolean;
  listColumn: boolean;
  defaultValue: string;
}

/** The default value as typed in the form -> as stored (a number for numbers, a boolean for booleans). */
function typedDefault(type: MetaFieldType, raw: string): unknown {
  if (raw === '') return null;
  if (type === 'number' || type === 'money') return Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true';
  return raw;
}

const inputOf = (v: FieldValues, tableId: number, id?: number): MetaFieldInput => ({
  ...(id === undefined ? {} : { id }),
  tableId,
  name: v.name.trim(),
  label: v.label.trim(),
  type: v.type,
  options: v.type === 'enum' ? v.options.map((o) => ({ value: o.value.trim(), label: o.label.trim() })) : [],
  refTableId: v.type === 'reference' && v.refTableId ? Number(v.refTableId) : null,
  required: v.required,
  unique: v.unique,
  searchable: v.searchable,
  listColumn: v.listColumn,
  defaultValue: typedDefault(v.type, v.defaultValue),
});

function FieldForm({
  table,
  row,
  tables,
  onClose,
  onSaved,
}: {
  table: MetaTableRow;
  row: MetaFieldRow | null;
  tables: readonly MetaTableRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => metaCalls(api), [api]);
  const validate = useMemo(() => (v: FieldValues) => metaFieldProblems(inputOf(v, table.id)), [table.id]);
  const form = useForm<FieldValues>(
    {
      name: row?.name ?? '',
      label: row?.label ?? '',
      type: row?.type ?? 'text',
      options: row?.options ?? [],
      refTableId: row?.refTableId ? String(row.refTableId) : '',
      required: row?.required ?? false,
      unique: row?.unique ?? false,
      searchable: row?.searchable ?? false,
      listColumn: row?.listColumn ?? true,
      defaultValue: row?.defaultValue === null || row?.defaultValue === undefined ? '' : String(row.defaultValue),
    },
    validate,
  );
  const v = form.values;
  const save = () =>
    form.submit(async (values) => {
      await calls.saveField(inputOf(values, table.id, row?.id));
      onSaved();
    });
  const setOption = (i: number, patch: Partial<EnumOption>) =>
    form.set(
      'options',
      v.options.map((o, k) => (k === i ? { ...o, ...patch } : o)),
    );
  return (
    <FormDrawer
      open
      title={row ? t('editMetaField') : t('addMetaField')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      <Field label={t('metaName')} required hint={form.error('name') ? undefined : t('metaFieldNameHint')} {...form.field('name')}>
        <Input value={v.name} onChange={(_, d) => form.set('name', d.value.trim())} onBlur={() => form.blur('name')} />
      </Field>
      <Field label={t('metaLabel')} required {...form.field('label')}>
        <Input value={v.label} onChange={(_, d) => form.set('label', d.value)} onBlur={() => form.blur('label')} />
      </Field>
      <Field label={t('metaType')} hint={row?.inUse ? t('metaTypeLocked') : undefined} {...form.field('type')}>
        <Select value={v.type} disabled={row?.inUse} onChange={(_, d) => form.set('type', d.value as MetaFieldType)}>
          {META_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(typeKey(type))}
            </option>
          ))}
        </Select>
      </Field>
      {v.type === 'enum' && (
        <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend>{t('enumOptions')}</legend>
          {v.options.map((o, i) => (
            <div key={i} className={s.option}>
              <Field label={t('optionValue', { n: i + 1 })}>
                <Input value={o.value} onChange={(_, d) => setOption(i, { value: d.value })} />
              </Field>
              <Field label={t('optionLabel', { n: i + 1 })}>
                <Input value={o.label} onChange={(_, d) => setOption(i, { label: d.value })} />
              </Field>
              <Button
                aria-label={t('removeOption', { n: i + 1 })}
                onClick={() =>
                  form.set(
                    'options',
                    v.options.filter((_, k) => k !== i),
                  )
                }
              >
                {t('remove')}
              </Button>
            </div>
          ))}
          <Button
            size="small"
            style={{ marginTop: tokens.spacingVerticalS }}
            onClick={() => form.set('options', [...v.options, { value: '', label: '' }])}
          >
            {t('addOption')}
          </Button>
          {form.error('options') && (
            <p role="alert" style={{ color: tokens.colorPaletteRedForeground1, margin: `${tokens.spacingVerticalXS} 0 0` }}>
              {form.error('options')}
            </p>
          )}
        </fieldset>
      )}
      {v.type === 'reference' && (
        <Field label={t('refTable')} required {...form.field('refTableId')}>
          <Select value={v.refTableId} onChange={(_, d) => form.set('refTableId', d.value)}>
            <option value="">{t('chooseRefTable')}</option>
            {tables.map((x) => (
              <option key={x.id} value={x.id}>
                {t('nameWithNote', { name: x.label, note: x.name })}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className={s.switches}>
        <Switch checked={v.required} label={t('fieldRequired')} onChange={(_, d) => form.set('required', d.checked)} />
        <Switch checked={v.unique} label={t('fieldUnique')} onChange={(_, d) => form.set('unique', d.checked)} />
        <Switch checked={v.searchable} label={t('fieldSearchable')} onChange={(_, d) => form.set('searchable', d.checked)} />
        <Switch checked={v.listColumn} label={t('fieldListColumn')} onChange={(_, d) => form.set('listColumn', d.checked)} />
      </div>
      {form.error('unique') && <p role="alert">{form.error('unique')}</p>}
      {v.type !== 'reference' && (
        <Field label={t('defaultValue')} {...form.field('defaultValue')}>
          {v.type === 'boolean' ? (
            <Select value={v.defaultValue} onChange={(_, d) => form.set('defaultValue', d.value)}>
              <option value="">{t('noDefault')}</option>
              <option value="true">{t('yes')}</option>
              <option value="false">{t('no')}</option>
            </Select>
          ) : v.type === 'enum' ? (
            <Select value={v.defaultValue} onChange={(_, d) => form.set('defaultValue', d.value)}>
              <option value="">{t('noDefault')}</option>
              {v.options
                .filter((o) => o.value)
                .map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label || o.value}
                  </option>
                ))}
            </Select>
          ) : (
            <Input
              type={v.type === 'number' || v.type === 'money' ? 'number' : v.type === 'date' ? 'date' : 'text'}
              value={v.defaultValue}
              onChange={(_, d) => form.set('defaultValue', d.value)}
              onBlur={() => form.blur('defaultValue')}
            />
          )}
        </Field>
      )}
    </FormDrawer>
  );
}

type Pending = { kind: 'table'; row: MetaTableRow } | { kind: 'field'; row: MetaFieldRow } | null;

/**
 * 系统管理 › 数据字典: the tenant's data tables and their typed fields, the schema business pages are rendered from.
 * The chosen table is in the address (?table=), its fields below the list.
 */
export default function MetaDataView({ route }: ViewProps) {
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
  const [editingTable, setEditingTable] = useState<MetaTableRow | 'new' | null>(null);
  const [editingField, setEditingField] = useState<MetaFieldRow | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [fields, setFields] = useState<MetaFieldRow[] | null>(null);
  const [allTables, setAllTables] = useState<MetaTableRow[]>([]);
  const [fieldTick, setFieldTick] = useState(0);

  const data = useListData(
    () => calls.tables({ pageNum: list.page, pageSize: list.size, keyword: f.keyword || undefined }),
    [calls, list.page, list.size, f.keyword],
  );
  useEffect(() => {
    calls.tables({ pageNum: 1, pageSize: 500 }).then(
      (r) => setAllTables(r.rows),
      () => setAllTables([]),
    );
  }, [calls, data.rows]);
  const table = allTables.find((x) => String(x.id) === f.table) ?? data.rows?.find((x) => String(x.id) === f.table) ?? null;
  useEffect(() => {
    if (!table) return setFields(null);
    let live = true;
    calls.fields(table.id).then(
      (rows) => live && setFields(rows),
      () => live && setFields([]),
    );
    return () => {
      live = false;
    };
  }, [calls, table?.id, fieldTick]);

  const openAdd = useCallback(() => setEditingTable('new'), []);
  usePageActions([{ code: 'meta:save', label: t('addMetaTable'), run: openAdd }]);
  const showFields = (row: MetaTableRow) => setList({ filters: { keyword: f.keyword, table: String(row.id) } });

  const columns: Column<MetaTableRow>[] = [
    { key: 'name', title: t('metaName'), width: 140, render: (r) => <span className={s.mono}>{r.name}</span>, ellipsis: (r) => r.name },
    { key: 'label', title: t('metaLabel'), width: 130, render: (r) => r.label, ellipsis: (r) => r.label },
    { key: 'remark', title: t('remark'), width: 160, render: (r) => r.remark || '--', ellipsis: (r) => r.remark },
    {
      key: 'component',
      title: t('metaComponent'),
      width: 170,
      render: (r) => (r.component ? <span className={s.mono}>{r.component}</span> : '--'),
      ellipsis: (r) => r.component,
    },
    { key: 'fieldCount', title: t('fieldCount'), width: 70, render: (r) => r.fieldCount },
    { key: 'recordCount', title: t('recordCount'), width: 70, render: (r) => r.recordCount },
    { key: 'updatedAt', title: t('updatedAt'), width: 150, render: (r) => formatInstant(r.updatedAt, 'minutes') },
    {
      key: 'actions',
      title: t('actions'),
      width: 190,
      render: (r) => (
        <div className={s.cellActions}>
          <Button size="small" appearance="subtle" aria-label={`${t('fieldsAction')} ${r.label}`} onClick={() => showFields(r)}>
            {t('fieldsAction')}
          </Button>
          <PermissionButton
            code="meta:save"
            route={route}
            appearance="subtle"
            aria-label={`${t('edit')} ${r.label}`}
            onClick={() => setEditingTable(r)}
          >
            {t('edit')}
          </PermissionButton>
          <PermissionButton
            code="meta:del"
            route={route}
            aria-label={`${t('delete')} ${r.label}`}
            onClick={() => setPending({ kind: 'table', row: r })}
          >
            {t('delete')}
          </PermissionButton>
        </div>
      ),
    },
  ];
  const fieldColumns: Column<MetaFieldRow>[] = [
    { key: 'name', title: t('metaName'), width: 130, render: (r) => <span className={s.mono}>{r.name}</span>, ellipsis: (r) => r.name },
    { key: 'label', title: t('metaLabel'), width: 120, render: (r) => r.label, ellipsis: (r) => r.label },
    {
      key: 'type',
      title: t('metaType'),
      width: 130,
      render: (r) =>
        r.type === 'reference'
          ? t('nameWithNote', { name: t(typeKey(r.type)), note: allTables.find((x) => x.id === r.refTableId)?.label ?? `#${r.refTableId}` })
          : t(typeKey(r.type)),
    },
    {
      key: 'flags',
      title: t('fieldFlags'),
      width: 220,
      render: (r) => (
        <div className={s.flags}>
          {r.required && <Badge appearance="outline">{t('fieldRequired')}</Badge>}
          {r.unique && <Badge appearance="outline">{t('fieldUnique')}</Badge>}
          {r.searchable && <Badge appearance="outline">{t('fieldSearchable')}</Badge>}
          {r.listColumn && <Badge appearance="outline">{t('fieldListColumn')}</Badge>}
        </div>
      ),
    },
    {
      key: 'default',
      title: t('defaultValue'),
      width: 100,
      render: (r) => (r.defaultValue === null || r.defaultValue === undefined ? '--' : String(r.defaultValue)),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 130,
      render: (r) => (
        <div className={s.cellActions}>
          <PermissionButton
            code="meta:save"
            route={route}
            appearance="subtle"
            aria-label={`${t('edit')} ${r.label}`}
            onClick={() => setEditingField(r)}
          >
            {t('edit')}
          </PermissionButton>
          <PermissionButton
            code="meta:del"
            route={route}
            aria-label={`${t('delete')} ${r.label}`}
            onClick={() => setPending({ kind: 'field', row: r })}
          >
            {t('delete')}
          </PermissionButton>
        </div>
      ),
    },
  ];

  const confirmDelete = async () => {
    const p = pending!;
    setPending(null);
    try {
      if (p.kind === 'table') {
        await calls.deleteTable(p.row.id);
        if (String(p.row.id) === f.table) setList({ filters: { keyword: f.keyword, table: '' } });
        data.reload();
      } else {
        await calls.deleteField(p.row.id, true);
        setFieldTick((x) => x + 1);
        data.reload();
      }
      notify(t('operationDone'), 'success');
    } catch {
      /* shown by the shell */
    }
  };

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <PermissionButton code="meta:save" route={route} size="medium" onClick={openAdd}>
            {t('addMetaTable')}
          </PermissionButton>
        }
      />
      <FilterBar
        onSearch={() => setList({ filters: { keyword: keyword.trim(), table: f.table } })}
        onReset={() => setList({ filters: { keyword: '', table: '' } })}
      >
        <Input aria-label={t('keywordMeta')} placeholder={t('keywordMeta')} value={keyword} onChange={(_, d) => setKeyword(d.value)} />
      </FilterBar>
      <DataTable
        label={route.title}
        columns={columns}
        data={data}
        rowKey={(r) => r.id}
        empty={{
          reason: f.keyword ? t('emptyFiltered') : t('emptyMetaTables'),
          action: (
            <PermissionButton code="meta:save" route={route} onClick={openAdd}>
              {t('addMetaTable')}
            </PermissionButton>
          ),
        }}
      />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />

      {table && (
        <section className={s.section} aria-label={t('fieldsOf', { name: table.label })}>
          <div className={s.sectionHead}>
            <h2 className={s.sectionTitle}>{t('fieldsOf', { name: table.label })}</h2>
            <PermissionButton code="meta:save" route={route} onClick={() => setEditingField('new')}>
              {t('addMetaField')}
            </PermissionButton>
          </div>
          <DataTable
            label={t('fieldsOf', { name: table.label })}
            columns={fieldColumns}
            rows={fields}
            rowKey={(r) => r.id}
            empty={{ reason: t('emptyMetaFields') }}
          />
        </section>
      )}

      {editingTable && (
        <TableForm
          row={editingTable === 'new' ? null : editingTable}
          onClose={() => setEditingTable(null)}
          onSaved={(id) => {
            const isNew = editingTable === 'new';
            setEditingTable(null);
            notify(t('operationDone'), 'success');
            data.reload();
            if (isNew) setList({ filters: { keyword: f.keyword, table: String(id) } });
          }}
        />
      )}
      {editingField && table && (
        <FieldForm
          table={table}
          row={editingField === 'new' ? null : editingField}
          tables={allTables}
          onClose={() => setEditingField(null)}
          onSaved={() => {
            setEditingField(null);
            notify(t('operationDone'), 'success');
            setFieldTick((x) => x + 1);
            data.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        message={
          !pending
            ? ''
            : pending.kind === 'table'
              ? t('confirmDeleteMetaTable', { name: pending.row.label, fields: pending.row.fieldCount })
              : pending.row.inUse
                ? t('confirmDeleteMetaFieldInUse', { name: pending.row.label })
                : t('confirmDeleteMetaField', { name: pending.row.label })
        }
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
