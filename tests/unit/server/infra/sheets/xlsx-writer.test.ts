import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { columnName, escapeXml, XlsxWriter } from '@server/infra/sheets/xlsx-writer.ts';
import { readUploadedSheet } from '@server/infra/sheets/sheets.ts';

describe('streamed .xlsx writer', () => {
  it('names columns past Z and escapes text for XML, dropping what XML cannot carry', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(escapeXml('<a href="x">&\u0000\u0008\u000b\t\n</a>')).toBe('&lt;a href="x"&gt;&amp;\t\n&lt;/a&gt;');
  });

  it('writes a sheet the import reader reads back: header, numbers, text, blanks, 30 columns, slices', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'xlsx-writer-')), 'x.xlsx');
    const columns = Array.from({ length: 30 }, (_, i) => `列${i + 1}`);
    const w = await XlsxWriter.open(file, columns);
    await w.addRows([Array.from({ length: 30 }, (_, i) => (i % 2 ? i * 1.5 : `文本${i}`))]);
    await w.addRows([['=1+2', null, '', 'a<b&c'], ['最后']]);
    expect(w.rows).toBe(3);
    await w.close();
    const rows = await readUploadedSheet(await readFile(file));
    expect(rows[0]).toEqual(columns);
    expect(rows[1][0]).toBe('文本0');
    expect(rows[1][29]).toBe(29 * 1.5);
    expect(rows[2][0]).toBe('=1+2');
    expect(rows[2][3]).toBe('a<b&c');
    expect(rows[3][0]).toBe('最后');
    expect(rows.length).toBe(4);
  });
});
