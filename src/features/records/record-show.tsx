import { useCallback } from 'react';
import { localLabel } from '@/api/contract/language.ts';
import { type MetaFieldRow, type MetaRecord } from '@/api/contract/records.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { ownValue } from '@/api/rules/record-rules.ts';

export const WIDTH: Record<MetaFieldRow['type'], number> = {
  text: 150,
  phone: 120,
  number: 100,
  money: 110,
  date: 110,
  datetime: 160,
  boolean: 70,
  enum: 100,
  reference: 150,
  department: 110,
  image: 70,
};

/** A value as text (lists, details): option labels, 是/否, money with two decimals, times in the tenant's zone. */
export function useShow() {
  const t = useT();
  const english = useLanguage()[0] === 'en';
  const formatInstant = useFormatInstant();
  return useCallback(
    (f: MetaFieldRow, r: MetaRecord): string => {
      const v = ownValue(r.values, f.name);
      if (v === null || v === undefined || v === '') return '--';
      // own keys: a field may be named like an Object.prototype member (constructor)
      if (Object.hasOwn(r.labels, f.name)) return r.labels[f.name];
      switch (f.type) {
        case 'enum':
          return ((o) => (o ? localLabel(o, english) : String(v)))(f.options.find((o) => o.value === v));
        case 'boolean':
          return v ? t('yes') : t('no');
        case 'money':
          return typeof v === 'number' ? v.toFixed(2) : String(v);
        case 'datetime':
          return formatInstant(String(v));
        default:
          return String(v);
      }
    },
    [t, formatInstant, english],
  );
}
