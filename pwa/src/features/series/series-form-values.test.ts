import { describe, expect, it } from 'vitest';
import { createSeries } from '@/testing/series';
import { deviceTimeZone, firstProblem, initialInputs, inputsOf, parseSeriesInputs, serverProblemBox, toggleDay, type SeriesInputs } from './series-form-values';

const IMAGE = '/images/5f0c6a52-9b1e-4d55-8f65-3a5b1f7d2c10';

const filled = (overrides: Partial<SeriesInputs> = {}): SeriesInputs => ({
  ...initialInputs(new Date('2026-12-08T10:00:00Z'), 'Europe/Berlin'),
  title: 'Unsold bread',
  foodType: 'Bakery',
  quantity: '8',
  unit: 'kg',
  location: '12 Market Street',
  weekdays: [1, 2, 3, 4, 5],
  windowStart: '18:00',
  windowEnd: '20:00',
  ...overrides,
});

describe('the new regular donation form', () => {
  it("proposes today in the series' zone as the first date, the device's zone, and food that keeps 4 hours", () => {
    // 23:30 in UTC is already the next day in Berlin.
    expect(initialInputs(new Date('2026-12-08T23:30:00Z'), 'Europe/Berlin')).toMatchObject({ startDate: '2026-12-09', timeZone: 'Europe/Berlin', keepsHours: '4', weekdays: [] });
    expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });

  it('switches days on and off, keeping them in order', () => {
    expect(toggleDay([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggleDay([1, 3, 5], 3)).toEqual([1, 5]);
  });

  it('sends what the server parses: numbers as numbers, no empty last date', () => {
    const parsed = parseSeriesInputs(filled({ endDate: '' }), IMAGE);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ quantity: 8, keepsHours: 4, weekdays: [1, 2, 3, 4, 5], timeZone: 'Europe/Berlin', startDate: '2026-12-08' });
    expect(parsed.data?.endDate).toBeUndefined();
  });

  it('names each missing box, and the picture first', () => {
    const parsed = parseSeriesInputs(initialInputs(new Date('2026-12-08T10:00:00Z'), 'UTC'), undefined);
    expect(parsed.success).toBe(false);
    const fields = new Set(parsed.error!.issues.map((i) => String(i.path[0])));
    // The unit too: none is proposed (issue 50), and the schema's default kg must not stand in for a choice.
    expect(initialInputs().unit).toBe('');
    for (const f of ['image', 'title', 'foodType', 'quantity', 'unit', 'location', 'weekdays', 'windowStart', 'windowEnd']) expect(fields).toContain(f);
    expect(firstProblem({ weekdays: 'x', title: 'y', image: 'z' })).toBe('image');
    expect(firstProblem({ location: 'x', unit: 'y' })).toBe('unit');
  });

  it('refuses a window that ends when it starts, a last date before the first, and an unknown zone', () => {
    const problems = (inputs: SeriesInputs) => parseSeriesInputs(inputs, IMAGE).error?.issues.map((i) => String(i.path[0]));
    expect(problems(filled({ windowEnd: '18:00' }))).toEqual(['windowEnd']);
    expect(problems(filled({ endDate: '2026-12-01' }))).toEqual(['endDate']);
    expect(problems(filled({ timeZone: 'Mars/Olympus' }))).toEqual(['timeZone']);
  });

  it('takes a window across midnight (it ends the next day)', () => {
    expect(parseSeriesInputs(filled({ windowStart: '22:00', windowEnd: '01:00' }), IMAGE).success).toBe(true);
  });

  it('opens an edit with the series as it is: numbers as text, no last date as an empty box', () => {
    expect(inputsOf(createSeries({ weekdays: [5, 1], quantity: 8.5, keepsHours: 0 }))).toEqual({
      title: 'Unsold bread',
      foodType: 'Bakery',
      quantity: '8.5',
      unit: 'kg',
      location: '12 Market Street',
      weekdays: [1, 5],
      windowStart: '18:00',
      windowEnd: '20:00',
      timeZone: 'Europe/Berlin',
      startDate: '2026-12-07',
      endDate: '',
      keepsHours: '0',
    });
  });

  it("still asks for days when an edited series' RRULE is not there to keep", () => {
    expect(parseSeriesInputs(filled({ weekdays: [] }), IMAGE, 'FREQ=WEEKLY;BYDAY=MO').data).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(parseSeriesInputs(filled({ weekdays: [] }), IMAGE).error?.issues.map((i) => String(i.path[0]))).toEqual(['weekdays']);
  });

  it("puts the server's refusals of an edit under the box they are about, and the others above the buttons", () => {
    expect(serverProblemBox('validation/series-rrule')).toBe('weekdays');
    expect(serverProblemBox('validation/series-dates-order')).toBe('endDate');
    expect(serverProblemBox('series/ended')).toBeUndefined();
    expect(serverProblemBox(undefined)).toBeUndefined();
  });
});
