/**
 * Reads CSV back as RFC 4180 defines it, strictly, so that the tests check what the exports write rather than what a
 * lenient reader forgives: every record must end with CRLF, a quote may appear only around a whole field (doubled
 * inside one), and a bare CR or LF outside quotes is an error. A leading byte-order mark is skipped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  let record: string[] = [];
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
      continue;
    }
    throw new Error(i >= text.length ? 'last record has no CRLF' : `unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return records;
}

/** The records after the header as objects keyed by the header's names. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('no header row');
  return rows.map((cells) => {
    if (cells.length !== header.length) throw new Error(`record of ${cells.length} fields under a header of ${header.length}`);
    return Object.fromEntries(header.map((h, k) => [h, cells[k]!]));
  });
}
