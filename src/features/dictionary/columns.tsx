import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { localLabel } from '@/api/contract/language.ts';
import { metaTypeKey, type MetaFieldRow } from '@/api/contract/records.ts';
import type { MetaTableRow } from '@/api/table/meta.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { navigate } from '@/shell/navigation/hash-location.ts';
import { META_FIELD_FIELDS, META_TABLE_FIELDS } from '@/api/schema/system/meta-table.ts';
import { declaredColumns, useCellText } from '@/kit/form/declared-fields.tsx';

const useStyles = makeStyles({
  flags: { display: 'flex', gap: tokens.spacingHorizontalXXS, flexWrap: 'wrap' },
});

export interface MetaColumnsOptions {
  /** every table of the tenant: a reference field names the one it points at */
  tables: readonly MetaTableRow[];
  showTable: (id: number) => void;
  editTable: (row: MetaTableRow) => void;
  removeTable: (row: MetaTableRow) => void;
  publishTable: (row: MetaTableRow) => void;
  editField: (row: MetaFieldRow) => void;
  removeField: (row: MetaFieldRow) => void;
}

/** The data dictionary's two tables: the tenant's tables, and the chosen table's fields. */
export function useMetaColumns(o: MetaColumnsOptions): { columns: Column<MetaTableRow>[]; fieldColumns: Column<MetaFieldRow>[] } {
  const { tables, showTable, editTable, removeTable, publishTable, editField, removeField } = o;
  const s = useStyles();
  const t = useT();
  const cell = useCellText();
  const [language] = useLanguage();
  // a table's or field's name in the console's language (its English where it has one)
  const named = (r: { label: string; labelEn: string }) => localLabel(r, language === 'en');
  const placeOf = (p: NonNullable<MetaTableRow['published']>) =>
    language === 'en' ? `${p.sectionEn || p.section} › ${p.nameEn || p.name}` : `${p.section} › ${p.name}`;
  const published: Column<MetaTableRow> = {
    key: 'published',
    title: t('publishedColumn'),
    width: 150,
    render: (r) => (r.published ? placeOf(r.published) : '--'),
  };
  const columns: Column<MetaTableRow>[] = [
    ...declaredColumns<MetaTableRow>(META_TABLE_FIELDS, cell, { label: { render: named } }, { component: [published] }),
    actionsColumn({
      name: (r) => named(r),
      actions: (r) => [
        { code: 'meta:fields', label: t('fieldsAction'), read: true, run: () => showTable(r.id) },
        { code: 'meta:save', label: t('edit'), run: () => editTable(r) },
        { code: 'meta:del', label: t('delete'), run: () => removeTable(r) },
        // a published table offers its page rather than a second publishing
        r.published
          ? { code: 'meta:open-page', label: t('openPage'), read: true, run: () => navigate(r.published!.path) }
          : { code: 'meta:publish', label: t('publishAsPage'), run: () => publishTable(r) },
      ],
    }),
  ];
  const fieldColumns: Column<MetaFieldRow>[] = [
    ...declaredColumns<MetaFieldRow>(META_FIELD_FIELDS, cell, {
      label: { render: named },
      type: {
        render: (r) =>
          r.type === 'reference'
            ? t('nameWithNote', {
                name: t(metaTypeKey(r.type)),
                note: tables.find((x) => x.id === r.refTableId)?.label ?? `#${r.refTableId}`,
              })
            : t(metaTypeKey(r.type)),
      },
    }),
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
    actionsColumn({
      name: (r) => named(r),
      actions: (r) => [
        { code: 'meta:save', label: t('edit'), run: () => editField(r) },
        { code: 'meta:del', label: t('delete'), run: () => removeField(r) },
      ],
    }),
  ];
  return { columns, fieldColumns };
}
