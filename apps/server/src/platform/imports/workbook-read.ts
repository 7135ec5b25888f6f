import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { detectFileKind, type TErrorKey } from '@tracehub/contract';
import type { ImportColumn } from './importer.ts';
import {
  BUILT_IN_FORMATS,
  isDateFormat,
  MAX_SHEET_COLUMN,
  MAX_SHEET_ROW,
  RowCollector,
  serialDateText,
  SheetStop,
  type CellRange,
  type SheetRow,
} from './sheet-rows.ts';
import { readXlsSheet } from './workbook-read-xls.ts';
import { InflateBudget, ZipTooLarge, streamEntryText, zipDirectory, type ZipEntry } from './xlsx-zip.ts';

/**
 * The data rows, or why the file cannot be imported at all (a catalogue key: the record's errorCode); with
 * the bytes the workbook inflated to while it was read (never more than the limit).
 */
export type { SheetRow };
export type SheetResult = ({ rows: SheetRow[] } | { failure: TErrorKey }) & { inflatedBytes: number };

/**
 * Most a workbook may inflate to, counted while it inflates (whatever its zip directory declares): a
 * 20,000-row sheet is a few tens of megabytes of XML, a 5 MB "zip bomb" could be gigabytes.
 */
export const MAX_INFLATED_BYTES = 100 * 1024 * 1024;
export interface SheetReadLimits {
  maxInflatedBytes?: number;
}

/**
 * Reads the first worksheet of an uploaded workbook: finds the header row (each column by its zh or en
 * header, in any order), then collects the data rows, skipping empty ones; more than
 * LIMITS.bulkImportMaxRows data rows is a failure. Excel 97-2003 (.xls) workbooks are read by
 * workbook-read-xls.ts; anything that is neither is a failure, never an exception.
 *
 * The work is bounded by the sheet's real content, not by what it claims: the zip's parts are inflated as
 * streams with every byte counted (MAX_INFLATED_BYTES), the sheet XML is parsed as it inflates (SAX), only
 * rows with content are kept and only their cells in the importer's columns, and reading stops at the first
 * row past the limit. Row and column numbers are never used to size anything, so a sheet whose one row is
 * numbered 100,000,000 costs what one row costs (and is refused: Excel ends at row 1,048,576).
 *
 * Cells read as ExcelJS's full loader read them (the reader this replaces): shared and inline strings (rich
 * text joined), numbers, booleans as TRUE/FALSE, errors as their text, formulas as their cached result,
 * numbers in a date style as dates, and merged ranges repeat their first cell.
 */
export async function readImportSheet(
  content: Buffer,
  columns: readonly ImportColumn[],
  limits: SheetReadLimits = {},
): Promise<SheetResult> {
  const budget = new InflateBudget(limits.maxInflatedBytes ?? MAX_INFLATED_BYTES);
  const failed = (failure: TErrorKey): SheetResult => ({ failure, inflatedBytes: budget.used });
  const kind = detectFileKind(content);
  if (kind === 'ole') return readXlsSheet(content, columns);
  if (kind !== 'zip') return failed('IMPORT_FILE_UNREADABLE');
  try {
    const entries = zipDirectory(content);
    // What the directory declares is checked first (a cheap refusal); what inflates is counted regardless.
    let declared = 0;
    for (const entry of entries.values()) declared += entry.declaredSize;
    if (declared > budget.limit) return failed('IMPORT_INFLATED_TOO_LARGE');

    const part = (name: string) => entries.get(name);
    const book = await readWorkbookPart(content, part, budget);
    if (!book) return failed('IMPORT_FILE_UNREADABLE');
    const stylesEntry = part('xl/styles.xml');
    const dateStyles = stylesEntry ? await readDateStyles(content, stylesEntry, budget) : [];
    const stringsEntry = part('xl/sharedStrings.xml');
    const strings = stringsEntry ? await readSharedStrings(content, stringsEntry, budget) : [];
    const reader = new SheetReader(columns, { strings, dateStyles, date1904: book.date1904 });
    await parseXml(content, book.sheet, budget, reader);
    return { ...reader.result(), inflatedBytes: budget.used };
  } catch (err) {
    if (err instanceof SheetStop) return failed(err.failure);
    if (err instanceof ZipTooLarge) return failed('IMPORT_INFLATED_TOO_LARGE');
    return failed('IMPORT_FILE_UNREADABLE');
  }
}

// ---- XML plumbing -------------------------------------------------------------------------------------

interface XmlHandler {
  open(name: string, tag: SaxesTagPlain): void;
  close(name: string): void;
  text(text: string): void;
}

/** Element and attribute names without their namespace prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function attr(tag: SaxesTagPlain, name: string): string | undefined {
  const direct = tag.attributes[name];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(tag.attributes)) if (local(key) === name) return value;
  return undefined;
}

/** Streams one part through a SAX parser (no DTD entities are ever expanded). */
async function parseXml(zip: Buffer, entry: ZipEntry, budget: InflateBudget, handler: XmlHandler) {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handler.open(local(tag.name), tag));
  parser.on('closetag', (tag) => handler.close(local(tag.name)));
  parser.on('text', (text) => handler.text(text));
  parser.on('cdata', (text) => handler.text(text));
  await streamEntryText(zip, entry, budget, (text) => {
    if (text) parser.write(text);
  });
  parser.close();
}

// ---- workbook, relationships, styles, shared strings ---------------------------------------------------

/** The first worksheet's part (in the workbook's sheet order) and the workbook's date system. */
async function readWorkbookPart(
  zip: Buffer,
  part: (name: string) => ZipEntry | undefined,
  budget: InflateBudget,
): Promise<{ sheet: ZipEntry; date1904: boolean } | null> {
  const workbook = part('xl/workbook.xml');
  const rels = part('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  let date1904 = false;
  const sheetRelIds: string[] = [];
  await parseXml(zip, workbook, budget, {
    open(name, tag) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attr(tag, 'date1904') ?? '');
      else if (name === 'sheet') sheetRelIds.push(attr(tag, 'id') ?? '');
    },
    close() {},
    text() {},
  });
  const targets = new Map<string, string>();
  await parseXml(zip, rels, budget, {
    open(name, tag) {
      if (name === 'Relationship') targets.set(tag.attributes.Id ?? '', tag.attributes.Target ?? '');
    },
    close() {},
    text() {},
  });
  for (const id of sheetRelIds) {
    const target = targets.get(id);
    // Targets are relative to xl/ (or absolute, /xl/...); chart sheets are no worksheets and are passed over.
    const entry = target === undefined ? undefined : part(`xl/${target.replace(/^(\s|\/xl\/)+/, '')}`);
    if (entry && entry.name.includes('worksheets/')) return { sheet: entry, date1904 };
  }
  return null;
}

/** Per cell style index (the `s` of a cell): whether its number format is a date format. */
async function readDateStyles(zip: Buffer, entry: ZipEntry, budget: InflateBudget): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  await parseXml(zip, entry, budget, {
    open(name, tag) {
      if (name === 'numFmt')
        custom.set(parseInt(tag.attributes.numFmtId ?? '', 10), tag.attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = !tag.isSelfClosing;
      else if (name === 'xf' && inCellXfs) formatIds.push(parseInt(tag.attributes.numFmtId ?? '', 10));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return formatIds.map((id) => (id ? isDateFormat(custom.get(id) || BUILT_IN_FORMATS[id]) : false));
}

/** Escaped characters of OOXML text (_x000D_ is a carriage return). */
const decodeEscapes = (text: string) =>
  text.replace(/_x([0-9A-F]{4})_/g, (_m, code: string) => String.fromCharCode(parseInt(code, 16)));

/** The shared strings, rich text joined; phonetic runs (rPh) are not part of the text. */
async function readSharedStrings(zip: Buffer, entry: ZipEntry, budget: InflateBudget): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | null = null;
  let text: string[] | null = null;
  let phonetic = 0;
  await parseXml(zip, entry, budget, {
    open(name, tag) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && current && phonetic === 0 && !tag.isSelfClosing) text = [];
    },
    close(name) {
      if (name === 't' && text && current) {
        current.push(decodeEscapes(text.join('')));
        text = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      }
    },
    text(t) {
      text?.push(t);
    },
  });
  return strings;
}

// ---- the worksheet --------------------------------------------------------------------------------------

/** Entities escaped once more in `t="str"` values (ExcelJS decodes them a second time). */
const decodeEntities = (text: string) =>
  text.replace(/&([a-z]*);/g, (entity) => XML_ENTITIES[entity] ?? entity);
const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&apos;': "'",
  '&quot;': '"',
};

/** Column number (1-based) of a reference such as "AB12"; 0 when it has no letters. */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code >= 65 && code <= 90) n = n * 26 + (code - 64);
    else if (code >= 97 && code <= 122) n = n * 26 + (code - 96);
    else break;
    if (n > MAX_SHEET_COLUMN) return n;
  }
  return n;
}

/** "B3:C9" as its corners; null for anything else. */
function rangeOf(ref: string): CellRange | null {
  const m = /^([A-Za-z]{1,3})(\d{1,7}):([A-Za-z]{1,3})(\d{1,7})$/.exec(ref.replace(/\$/g, ''));
  if (!m) return null;
  const [c1, r1, c2, r2] = [columnOf(m[1]!), Number(m[2]), columnOf(m[3]!), Number(m[4])];
  return { r1: Math.min(r1, r2), c1: Math.min(c1, c2), r2: Math.max(r1, r2), c2: Math.max(c1, c2) };
}

interface SheetContext {
  strings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
}

/** One `<c>` being read. */
interface CellState {
  col: number;
  type: string;
  style: number;
  formula: boolean;
  /** <v> text, or an inline string's plain <t>. */
  value: string[] | null;
  /** An inline string's rich-text runs. */
  runs: string[] | null;
}

/** The sheet's SAX handler: each row's cells as the user sees them, handed to the row collector. */
class SheetReader implements XmlHandler {
  private readonly collector: RowCollector;

  private inSheetData = false;
  private rowNumber = 0;
  private rowCells: Map<number, string> | null = null;
  private lastCol = 0;
  private cell: CellState | null = null;
  /** Where text goes: a <v>/<t> of the cell, or its formula (<f>), whose text only says it is one. */
  private collect: 'value' | 'run' | 'formula' | null = null;
  private inInline = false;
  private inRun = false;
  private phonetic = 0;

  constructor(
    columns: readonly ImportColumn[],
    private readonly ctx: SheetContext,
  ) {
    this.collector = new RowCollector(columns);
  }

  open(name: string, tag: SaxesTagPlain): void {
    if (name === 'sheetData') {
      this.inSheetData = !tag.isSelfClosing;
      return;
    }
    if (name === 'mergeCell') {
      const range = rangeOf(tag.attributes.ref ?? '');
      if (range) this.collector.merge(range);
      return;
    }
    if (!this.inSheetData) return;
    switch (name) {
      case 'row': {
        const r = tag.attributes.r;
        this.rowNumber = r === undefined ? this.rowNumber + 1 : parseInt(r, 10);
        if (!(this.rowNumber >= 1 && this.rowNumber <= MAX_SHEET_ROW)) {
          throw new SheetStop('IMPORT_SHEET_TOO_LARGE');
        }
        this.rowCells = new Map();
        this.lastCol = 0;
        if (tag.isSelfClosing) this.closeRow();
        return;
      }
      case 'c': {
        const ref = tag.attributes.r;
        const col = ref === undefined ? this.lastCol + 1 : columnOf(ref);
        if (!(col >= 1 && col <= MAX_SHEET_COLUMN)) throw new SheetStop('IMPORT_SHEET_TOO_LARGE');
        this.lastCol = col;
        this.cell = {
          col,
          type: tag.attributes.t ?? 'n',
          style: parseInt(tag.attributes.s ?? '0', 10) || 0,
          formula: false,
          value: null,
          runs: null,
        };
        if (tag.isSelfClosing) this.closeCell();
        return;
      }
      default:
        break;
    }
    const cell = this.cell;
    if (!cell || tag.isSelfClosing) {
      // <f t="shared" si="0"/>: a formula whose text is its group's.
      if (cell && name === 'f' && tag.attributes.t) cell.formula = true;
      return;
    }
    switch (name) {
      case 'f':
        if (tag.attributes.t) cell.formula = true;
        this.collect = 'formula';
        break;
      case 'v':
        cell.value ??= [];
        this.collect = 'value';
        break;
      case 'is':
        this.inInline = true;
        break;
      case 'r':
        if (this.inInline) {
          this.inRun = true;
          cell.runs ??= [];
        }
        break;
      case 'rPh':
        this.phonetic++;
        break;
      case 't':
        if (!this.inInline || this.phonetic > 0) break;
        if (this.inRun) {
          cell.runs!.push('');
          this.collect = 'run';
        } else {
          cell.value ??= [];
          this.collect = 'value';
        }
        break;
      default:
        break;
    }
  }

  text(text: string): void {
    const cell = this.cell;
    if (!cell || !this.collect) return;
    if (this.collect === 'formula') {
      if (text) cell.formula = true;
    } else if (this.collect === 'run') {
      const runs = cell.runs!;
      runs[runs.length - 1] += text;
    } else {
      cell.value!.push(text);
    }
  }

  close(name: string): void {
    switch (name) {
      case 'sheetData':
        this.inSheetData = false;
        return;
      case 'row':
        if (this.inSheetData && this.rowCells) this.closeRow();
        return;
      case 'c':
        if (this.cell) this.closeCell();
        return;
      case 'f':
      case 'v':
      case 't':
        this.collect = null;
        return;
      case 'is':
        this.inInline = false;
        return;
      case 'r':
        this.inRun = false;
        return;
      case 'rPh':
        this.phonetic--;
        return;
      default:
        return;
    }
  }

  /** The cell as the text the user sees, the way ExcelJS's cell model reads it. */
  private cellText(cell: CellState): string {
    const { strings, dateStyles, date1904 } = this.ctx;
    const raw =
      cell.runs !== null
        ? cell.runs.map(decodeEscapes).join('')
        : cell.value !== null
          ? cell.value.join('')
          : undefined;
    const number = (text: string) => {
      const n = parseFloat(text);
      return cell.style > 0 && dateStyles[cell.style] ? serialDateText(n, date1904) : String(n);
    };
    if (cell.formula) {
      // The formula's cached result; without one, nothing.
      if (!raw) return '';
      if (cell.type === 'str') return decodeEntities(raw);
      if (cell.type === 'b') return parseInt(raw, 10) !== 0 ? 'TRUE' : 'FALSE';
      if (cell.type === 'e') return raw;
      return number(raw);
    }
    if (!raw) return '';
    switch (cell.type) {
      case 's':
        return strings[parseInt(raw, 10)] ?? '';
      case 'str':
        return decodeEntities(raw);
      case 'inlineStr':
      case 'e':
        return raw;
      case 'b':
        return parseInt(raw, 10) !== 0 ? 'TRUE' : 'FALSE';
      default:
        return number(raw);
    }
  }

  private closeCell(): void {
    const cell = this.cell!;
    this.cell = null;
    this.collect = null;
    this.inInline = false;
    this.inRun = false;
    this.phonetic = 0;
    if (!this.rowCells) return;
    // After the header only the importer's columns are kept: other cells cost nothing.
    if (!this.collector.wants(cell.col)) return;
    const text = this.cellText(cell);
    if (text !== '') this.rowCells.set(cell.col, text);
  }

  private closeRow(): void {
    const cells = this.rowCells!;
    this.rowCells = null;
    this.collector.row(this.rowNumber, cells);
  }

  result(): { rows: SheetRow[] } | { failure: TErrorKey } {
    return this.collector.result();
  }
}
