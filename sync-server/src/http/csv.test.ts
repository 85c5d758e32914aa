import { describe, expect, it } from 'vitest';
import { parseCsv } from '../testing/parse-csv.ts';
import { CSV_LINE_END, csvCell, csvHeader, csvRecord, csvRecords, type CsvColumn } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text, numbers, booleans and dates as they are', () => {
    expect(csvCell('Bread rolls')).toBe('Bread rolls');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-25T10:00:00.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('Café 🍞')).toBe('Café 🍞');
  });

  it('quotes a field holding a comma, a quote, CR or LF, and doubles its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('"')).toBe('""""');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tTAB', '\rCR', '=HYPERLINK("http://x","y")'])(
    'neutralises %j with a leading apostrophe',
    (value) => {
      const cell = csvCell(value);
      const [[read]] = parseCsv(cell + CSV_LINE_END) as [[string]];
      expect(read).toBe(`'${value}`);
    },
  );

  it('leaves formula characters alone when they are not first', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(" =1")).toBe(' =1');
    expect(csvCell("'quoted")).toBe("'quoted");
  });
});

describe('records', () => {
  const columns: CsvColumn<{ name: string; kg: number | null }>[] = [
    { header: 'name', value: (r) => r.name },
    { header: 'weight, kg', value: (r) => r.kg },
  ];

  it('ends every record with CRLF, the last one included', () => {
    expect(csvHeader(columns)).toBe('name,"weight, kg"\r\n');
    expect(csvRecord(['a', 1])).toBe('a,1\r\n');
    expect(csvRecords(columns, [{ name: 'x', kg: null }, { name: 'y', kg: 2 }])).toBe('x,\r\ny,2\r\n');
  });

  it('round-trips awkward text through a strict reader', () => {
    const names = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'lf\nonly', '', ',', '""', 'Crème brûlée 🍰', ' spaced '];
    const text = csvHeader(columns) + csvRecords(columns, names.map((name, k) => ({ name, kg: k })));
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['name', 'weight, kg']);
    expect(rows).toEqual(names.map((name, k) => [name, String(k)]));
  });
});
