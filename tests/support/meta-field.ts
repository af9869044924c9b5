import type { MetaFieldRow } from '@/api/contract/records.ts';

/** A data-dictionary field of `type` as the server answers one: plain (optional, listed, not searched) unless `extra` says. */
export const metaField = (type: MetaFieldRow['type'], extra: Partial<MetaFieldRow> = {}): MetaFieldRow => ({
  id: 1,
  tableId: 1,
  name: 'f',
  label: '字段',
  labelEn: '',
  type,
  options: [],
  refTableId: null,
  required: false,
  unique: false,
  searchable: false,
  listColumn: true,
  defaultValue: null,
  sort: 0,
  ...extra,
});

/** An enum field's options, each `[value, label]` or `[value, label, English label]`, in the order offered. */
export const enumOptions = (...pairs: Array<readonly [string, string] | readonly [string, string, string]>): MetaFieldRow['options'] =>
  pairs.map(([value, label, labelEn]) => (labelEn === undefined ? { value, label } : { value, label, labelEn }));
