import { PHONE_PATTERN, type MetaFieldRow } from '../contract.ts';

/**
 * The rules of a record's values, one for the browser's form and the server's every write. Apart from
 * contract.ts so that only the pages and the server that use them carry them (not the login route).
 */

/** Rows an import or an export holds at most, and records a list page at most. */
export const RECORD_LIMITS = { maxImportRows: 2000, maxExportRows: 10000 } as const;

export type RecordValue = string | number | boolean | null;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const URL_RE = /^(https?:\/\/|\/)[^\s<>"']{1,490}$/;

/**
 * Checks and normalises one value a user gave for a field (the form, an import cell, an API call), the same rule
 * in the browser and on the server: the stored value, or the problem in the product's language. Empty is null
 * (refused when the field is required). Reference and department values are ids; whether they exist is the
 * server's to check.
 */
export function recordValue(
  field: Pick<MetaFieldRow, 'label' | 'type' | 'required' | 'options'>,
  raw: unknown,
): { value: RecordValue } | { problem: string } {
  const empty = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
  if (empty) return field.required ? { problem: `${field.label}不能为空` } : { value: null };
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (field.type) {
    case 'text':
      if (typeof text !== 'string' && typeof text !== 'number') return { problem: `${field.label}须为文本` };
      return String(text).length > 500 ? { problem: `${field.label}不能超过 500 个字` } : { value: String(text) };
    case 'phone':
      return typeof text === 'string' && PHONE_PATTERN.test(text) ? { value: text } : { problem: `${field.label}须为 11 位手机号` };
    case 'image':
      return typeof text === 'string' && URL_RE.test(text)
        ? { value: text }
        : { problem: `${field.label}须为图片地址（http(s):// 或 / 开头）` };
    case 'number':
    case 'money': {
      const n = typeof text === 'number' ? text : typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > 1e12) return { problem: `${field.label}须为数字` };
      if (field.type === 'money' && Math.round(n * 100) !== n * 100 && Math.abs(Math.round(n * 100) - n * 100) > 1e-6)
        return { problem: `${field.label}最多两位小数` };
      return { value: field.type === 'money' ? Math.round(n * 100) / 100 : n };
    }
    case 'boolean':
      if (typeof text === 'boolean') return { value: text };
      if (text === 'true' || text === '是' || text === '1' || text === 1) return { value: true };
      if (text === 'false' || text === '否' || text === '0' || text === 0) return { value: false };
      return { problem: `${field.label}须为“是”或“否”` };
    case 'date':
      return typeof text === 'string' &&
        DATE_RE.test(text) &&
        !Number.isNaN(Date.parse(text)) &&
        new Date(text).toISOString().startsWith(text)
        ? { value: text }
        : { problem: `${field.label}须为日期（yyyy-MM-dd）` };
    case 'datetime':
      return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text))
        ? { value: new Date(text).toISOString() }
        : { problem: `${field.label}须为时间` };
    case 'enum': {
      const option = field.options.find((o) => o.value === String(text) || o.label === String(text));
      return option ? { value: option.value } : { problem: `${field.label}须为：${field.options.map((o) => o.label).join('、')}` };
    }
    case 'reference':
    case 'department': {
      const n = typeof text === 'number' ? text : typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : NaN;
      return Number.isInteger(n) && n > 0 && n < 2 ** 53 ? { value: n } : { problem: `请选择${field.label}` };
    }
  }
}

/** Every field's problem for a form's values (empty when the record may be saved). */
export function recordProblems(fields: readonly MetaFieldRow[], values: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of fields) {
    const r = recordValue(f, values[f.name]);
    if ('problem' in r) problems[f.name] = r.problem;
  }
  return problems;
}
