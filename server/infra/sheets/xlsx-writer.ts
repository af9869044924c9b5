import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

/**
 * An .xlsx written row by row to a file, for exports too large to hold: the sheet's XML is deflated into the zip as
 * it is made, so memory stays flat whatever the row count (a zip entry with a data descriptor, sizes written after
 * its data). Text goes in as inline strings, never as formulas: a cell reading `=cmd|...` stays text in Excel.
 * @example const w = await XlsxWriter.open(file, ['姓名', '手机号']); await w.addRows([['张三', '138…']]); await w.close();
 */
export class XlsxWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private sheet: { deflate: DeflateRaw; crc: number; size: number; packed: number; at: number; name: Buffer } | null = null;
  private row = 0;

  private constructor(
    private readonly out: WriteStream,
    private readonly columns: readonly string[],
  ) {}

  static async open(file: string, columns: readonly string[]): Promise<XlsxWriter> {
    const out = createWriteStream(file);
    await once(out, 'open');
    const w = new XlsxWriter(out, columns);
    for (const [name, text] of Object.entries(FIXED_PARTS)) await w.whole(name, text);
    await w.startSheet();
    await w.addRows([columns], true);
    return w;
  }

  /** Rows written so far, the header not counted. */
  get rows(): number {
    return Math.max(0, this.row - 1);
  }

  async addRows(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>, header = false): Promise<void> {
    let xml = '';
    for (const cells of rows) {
      this.row += 1;
      xml += `<row r="${this.row}">`;
      cells.forEach((value, c) => {
        if (value === null || value === undefined || value === '') return;
        const ref = `${columnName(c)}${this.row}`;
        const style = header ? ' s="1"' : '';
        xml +=
          typeof value === 'number' && Number.isFinite(value)
            ? `<c r="${ref}"${style}><v>${value}</v></c>`
            : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
      });
      xml += '</row>';
    }
    await this.sheetWrite(Buffer.from(xml, 'utf8'));
  }

  /** Ends the sheet and the zip; the file is complete when this resolves. */
  async close(): Promise<void> {
    await this.sheetWrite(Buffer.from('</sheetData></worksheet>', 'utf8'));
    const sheet = this.sheet!;
    sheet.deflate.end();
    await once(sheet.deflate, 'end');
    // The data descriptor: what the local header could not know.
    await this.write(descriptor(sheet.crc, sheet.packed, sheet.size));
    this.entries.push({ name: sheet.name, flags: STREAMED, crc: sheet.crc, size: sheet.size, packed: sheet.packed, at: sheet.at });
    this.sheet = null;
    const start = this.offset;
    for (const e of this.entries) await this.write(centralHeader(e));
    await this.write(endOfDirectory(this.entries.length, this.offset - start, start));
    this.out.end();
    await once(this.out, 'finish');
  }

  /** Stops writing and leaves the file to be removed by the caller. */
  abort(): void {
    const deflate = this.sheet?.deflate;
    if (deflate) {
      // What the deflater still holds goes nowhere: the file is being dropped.
      deflate.removeAllListeners('data');
      deflate.on('error', () => {});
      deflate.destroy();
    }
    this.out.on('error', () => {});
    this.out.destroy();
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** A small part, deflated at once. */
  private async whole(name: string, text: string) {
    const data = Buffer.from(text, 'utf8');
    const packed = await new Promise<Buffer>((resolve, reject) => {
      const d = createDeflateRaw();
      const parts: Buffer[] = [];
      d.on('data', (b: Buffer) => parts.push(b));
      d.on('end', () => resolve(Buffer.concat(parts)));
      d.on('error', reject);
      d.end(data);
    });
    const entry = { name: Buffer.from(name), flags: 0, crc: crc32(data), size: data.length, packed: packed.length, at: this.offset };
    await this.write(localHeader(entry));
    await this.write(packed);
    this.entries.push(entry);
  }

  private async startSheet() {
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const at = this.offset;
    await this.write(localHeader({ name, flags: STREAMED, crc: 0, size: 0, packed: 0 }));
    const deflate = createDeflateRaw({ level: 6 });
    this.sheet = { deflate, crc: 0, size: 0, packed: 0, at, name };
    deflate.on('data', (b: Buffer) => {
      this.sheet!.packed += b.length;
      this.offset += b.length;
      if (!this.out.write(b)) deflate.pause();
    });
    this.out.on('drain', () => deflate.resume());
    const cols = this.columns.map((_, c) => `<col min="${c + 1}" max="${c + 1}" width="20" customWidth="1"/>`).join('');
    await this.sheetWrite(
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0">` +
          `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
          `${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`,
        'utf8',
      ),
    );
  }

  private async sheetWrite(data: Buffer) {
    const sheet = this.sheet!;
    sheet.crc = crc32(data, sheet.crc);
    sheet.size += data.length;
    if (sheet.size > 0xfffffff0) throw new Error('sheet larger than a zip without zip64 holds');
    if (!sheet.deflate.write(data)) await once(sheet.deflate, 'drain');
  }
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A, B, … Z, AA, … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** XML text: the five entities, and the control characters XML 1.0 cannot carry dropped. */
export const escapeXml = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const FIXED_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  // Style 1: the header's bold white text on the console's blue, as the browser's exports have it.
  'xl/styles.xml':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}">` +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/></font></fonts>` +
    `<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>` +
    `<fill><patternFill patternType="solid"><fgColor rgb="FF0F6CBD"/></patternFill></fill></fills>` +
    `<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>` +
    `<cellXfs count="2"><xf/><xf fontId="1" fillId="2" applyFont="1" applyFill="1"/></cellXfs></styleSheet>`,
};

// The zip records (APPNOTE 4.3): version 2.0, UTF-8 names (bit 11), deflate; a time of 1980-01-01.
const UTF8 = 0x0800;
const DOS_DATE = 0x21;

/** A zip entry: its name, flags, checksum and sizes, and where its local header starts. */
interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  size: number;
  packed: number;
  at: number;
}

/** Bit 3: the sizes follow the data (a data descriptor), since a streamed part's are known only at its end. */
const STREAMED = 0x08;

/** The fields both headers share, from "version needed" to the name's length, written at `at`. */
function writeEntryFields(b: Buffer, at: number, e: Omit<Entry, 'at'>) {
  b.writeUInt16LE(20, at);
  b.writeUInt16LE(UTF8 | e.flags, at + 2);
  b.writeUInt16LE(8, at + 4);
  b.writeUInt16LE(0, at + 6);
  b.writeUInt16LE(DOS_DATE, at + 8);
  b.writeUInt32LE(e.crc >>> 0, at + 10);
  b.writeUInt32LE(e.packed, at + 14);
  b.writeUInt32LE(e.size, at + 18);
  b.writeUInt16LE(e.name.length, at + 22);
}

function localHeader(e: Omit<Entry, 'at'>): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  writeEntryFields(b, 4, e);
  return Buffer.concat([b, e.name]);
}

function descriptor(crc: number, packed: number, size: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc >>> 0, 4);
  b.writeUInt32LE(packed, 8);
  b.writeUInt32LE(size, 12);
  return b;
}

function centralHeader(e: Entry): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  writeEntryFields(b, 6, e);
  b.writeUInt32LE(e.at, 42);
  return Buffer.concat([b, e.name]);
}

function endOfDirectory(count: number, size: number, at: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(at, 16);
  return b;
}
