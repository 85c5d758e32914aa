import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS, performanceDoc, type BrowserSection, type Row } from './performance-doc.ts';

const file = readFileSync(new URL('../../../docs/performance.md', import.meta.url), 'utf8');

/** A section of the file by its heading's start, without the heading. */
function section(heading: string): string {
  const found = file.split(/^## /m).find((s) => s.startsWith(heading));
  if (found === undefined) throw new Error(`docs/performance.md has no section '${heading}'`);
  return found;
}

function rowsOf(text: string): Row[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| figure |'))
    .map((line) => {
      const [figure, result, reference, target, verdict] = line.slice(2, -2).split(' | ');
      return { figure: figure!, result: result!, reference: reference!, target: target!, verdict: verdict as Row['verdict'] };
    });
}

function browserSection(heading: string): BrowserSection {
  const text = section(heading);
  const note = /^Not measured in this run: (.*)\.$/m.exec(text)?.[1];
  return note === undefined ? { rows: rowsOf(text) } : { rows: [], note };
}

function match(pattern: RegExp): string[] {
  const found = pattern.exec(file);
  if (!found) throw new Error(`docs/performance.md lacks ${pattern}`);
  return found.slice(1);
}

describe('docs/performance.md', () => {
  // npm run bench writes the whole file (run.ts through performanceDoc): text changed in the file alone would be gone
  // after the next run, and history added to the generator would come back with it.
  it('is what performanceDoc makes of its own figures', () => {
    const [date, database, machine] = match(/^.*Written by `npm run bench` on (\S+), (.*), on (.*)\.$/m);
    const [apiRounds, loadSeconds] = match(/interleaved, (\d+) rounds of ([\d.]+) s each/);
    const [browserRounds] = match(/Medians of (\d+) rounds\./);
    const made = performanceDoc({
      date: date!,
      database: database!,
      machine: machine!,
      apiRounds: Number(apiRounds),
      loadSeconds: Number(loadSeconds),
      browserRounds: Number(browserRounds),
      api: rowsOf(section('The API and the server process')),
      lists: browserSection('Lists in the browser'),
      live: browserSection('Live changes'),
      field: browserSection('A driver on a weak signal'),
      home: browserSection('The signed-out pages'),
    });
    expect(rowsOf(section('The API and the server process')).length).toBeGreaterThan(10);
    expect(file).toBe(made);
  });

  it('says what limits each target in a short paragraph, not run by run', () => {
    for (const paragraph of LIMITS) expect(paragraph.length, paragraph).toBeLessThanOrEqual(600);
    expect(LIMITS.join(' ')).not.toMatch(/\b(?:first|second|third|fourth|fifth|sixth) run\b|\bthe runs? before\b/i);
  });
});
