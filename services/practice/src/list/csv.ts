// The e-mail list as CSV (RFC 4180): fields separated by commas, records by CRLF, a field that holds a comma, a
// double quote, CR or LF enclosed in double quotes with its quotes doubled. A spreadsheet opening the file would
// run a cell that begins with = + - or @ (or a tab or CR, which some read past) as a formula: such a cell is
// neutralised with a leading apostrophe (OWASP's advice for CSV injection), so an address a visitor typed as
// `=HYPERLINK(...)` is shown as text.
import { LIST_CSV_COLUMNS, type ListedAddress } from '@hhp/proto';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRecord = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const CSV_HEADER = csvRecord([...LIST_CSV_COLUMNS]);

/** One address: its consent steps in one cell, oldest first ("signup 2026-11-01T10:00:00.000Z via …; confirm …"). */
export const addressRecord = (a: ListedAddress): string =>
  csvRecord([
    a.email,
    a.source,
    a.subscribedAt,
    a.confirmedAt,
    a.consent.map((step) => `${step.action} ${step.at} via ${step.via}`).join('; '),
  ]);
