import { readFileSync, writeFileSync } from 'node:fs';
import { CALL_TABLE } from '@/api/table/index.ts';
import type { Call, Owner } from '@/api/table/define.ts';

/**
 * docs/api.md's "Call table" section, written from the call table (src/api/table): each call's method, path, owner and
 * body keys. `npm run docs:calls` rewrites it; tests/repo/call-table.test.ts fails while it is stale.
 */
const START = '<!-- call-table:start (npm run docs:calls writes this section) -->';
const END = '<!-- call-table:end -->';

const ownerText = (owner: Owner): string => {
  if (typeof owner === 'string') return owner;
  const parts = [
    ...(owner.pages ?? []).map((p) => `page ${p}`),
    ...(owner.buttons ?? []).map((b) => `button ${b}`),
    ...(owner.records ? [`records: ${owner.records.join(', ')}`] : []),
  ];
  return [
    parts.join('; '),
    owner.platform ? '(platform tenant)' : '',
    owner.initialPassword ? '(also before the initial password is changed)' : '',
  ]
    .filter(Boolean)
    .join(' ');
};

type Node = { type?: string; entries?: Record<string, Node>; wrapped?: Node; pipe?: Node[]; options?: Node[] };

/** A body schema's keys; a body chosen by its content (add or edit) says so. */
const bodyText = (schema: Node): string => {
  if (schema.type === 'lazy') return '(one of two bodies: see above)';
  const object = schema.pipe ? schema.pipe[0] : schema;
  if (!object.entries) return '';
  return Object.entries(object.entries)
    .map(([key]) => key)
    .join(', ');
};

/** The section as Markdown. */
export function callTableSection(): string {
  const rows = Object.entries(CALL_TABLE).flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, Call>).map(
      ([name, call]) =>
        `| ${area}.${name} | \`${call.method === 'POST' ? '' : `${call.method} `}${call.path}\` | ${ownerText(call.owner)} | ${bodyText(call.input as unknown as Node) || '—'}${call.form ? ' (or a multipart form)' : ''} |`,
    ),
  );
  return [
    START,
    '',
    '## Call table',
    '',
    'Every call the server answers, as src/api/table declares it (the test-only fault switch aside): its name in the',
    'table, path, owner and the keys its body may carry (any other key is refused, named). The rules and messages of',
    "each key are its schema's (src/api/schema), checked on both sides; the answer is checked by its schema in",
    'development and tests.',
    '',
    '| call | path | owner | body |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n');
}

/** The section's rows as cells (trimmed), whatever the table's column widths. */
export const rowsOf = (text: string): string[][] => {
  const at = text.indexOf(START);
  const end = text.indexOf(END, at);
  if (at < 0 || end < 0) return [];
  return text
    .slice(at, end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| call '))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
};

/** docs/api.md with its call-table section as the table says it should be. */
export function documented(text: string): string {
  const at = text.indexOf(START);
  const section = callTableSection();
  if (at < 0) return `${text.trimEnd()}\n\n${section}\n`;
  const end = text.indexOf(END, at) + END.length;
  return text.slice(0, at) + section + text.slice(end);
}

if (process.argv[1]?.endsWith('call-docs.ts')) {
  const file = 'docs/api.md';
  writeFileSync(file, documented(readFileSync(file, 'utf8')));
  console.log(`${file}: call table written`);
}
