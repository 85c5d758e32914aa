// CSV as RFC 4180 writes it, made safe to open in a spreadsheet. Pure: the export routes stream what these return.

export type CsvCell = string | number | boolean | Date | null | undefined;

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/** RFC 4180 ends every record with CRLF, the last one included. */
export const CSV_LINE_END = '\r\n';

/**
 * Excel reads a file without a byte-order mark as the machine's legacy code page, so 'Café' turns into 'CafÃ©' for
 * the restaurant opening its record; with the mark it reads UTF-8. Other readers skip it.
 */
export const CSV_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that begins with one of these as a formula (tab and CR because some strip them first and
 * then see the formula): OWASP's CSV-injection list. Such a cell gets a leading apostrophe, which spreadsheets show
 * as text and do not run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell, neutralised and quoted. Only text is neutralised: a number we write (a weight, a quantity) is data, and
 * '-2' with an apostrophe would stop being a number in the sheet.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, its line end included. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}

/** The header record for `columns`. */
export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return csvRecord(columns.map((c) => c.header));
}

/** Records for `rows`, in one string: what one batch of an export writes at once. */
export function csvRecords<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  let out = '';
  for (const row of rows) out += csvRecord(columns.map((c) => c.value(row)));
  return out;
}
