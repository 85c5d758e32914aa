import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsCalendar, zoneTransitions, type IcsEvent } from './icalendar.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

/** The content lines of a calendar, unfolded (RFC 5545 3.1: a line break followed by one space or tab is removed). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n').slice(0, -1);

/** A TEXT value as it was before escaping. */
const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** The components of a calendar, as a tree: name, properties (name with parameters -> value), children. */
interface Component {
  name: string;
  props: [string, string][];
  children: Component[];
}

function parse(text: string): Component {
  const root: Component = { name: '', props: [], children: [] };
  const stack = [root];
  for (const line of unfold(text)) {
    const colon = line.indexOf(':');
    const [key, value] = [line.slice(0, colon), line.slice(colon + 1)];
    if (key === 'BEGIN') {
      const child = { name: value, props: [], children: [] };
      stack.at(-1)!.children.push(child);
      stack.push(child);
    } else if (key === 'END') {
      expect(stack.pop()!.name).toBe(value);
    } else stack.at(-1)!.props.push([key, value]);
  }
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const prop = (c: Component, name: string) => c.props.find(([k]) => k === name || k.startsWith(`${name};`));
const valueOf = (c: Component, name: string) => prop(c, name)?.[1];

/** An evening pickup, 18:00-20:00 where the food is, at the instants given. */
const pickup = (uid: string, start: string, end: string, timeZone?: string): IcsEvent => ({
  uid,
  start: new Date(start),
  end: new Date(end),
  timeZone,
  summary: `Pickup ${uid}`,
});

describe('iCalendar text', () => {
  it('ends every line with CRLF, folds none past 75 octets, and reads back as it was written', () => {
    const description = 'Restaurant: Green Table Kitchen; Charity: Hope, Pantry\nStatus: Accepted\\Assigned\n' + 'Über große Brötchen 中文字符 😀 '.repeat(8);
    const text = icsCalendar({
      name: 'FoodBridge, pickups; Hope Community Pantry',
      events: [
        {
          uid: 'a1@foodbridge',
          start: new Date('2026-12-08T17:00:00Z'),
          end: new Date('2026-12-08T19:00:00Z'),
          summary: 'Pickup: Bread, rolls; cakes',
          description,
          location: 'Hauptstraße 5, 10115 Berlin',
          url: 'https://foodbridge.example.org/donations/a1',
          updated: new Date('2026-12-01T09:30:15Z'),
        },
      ],
      refreshMinutes: 60,
      now: NOW,
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // No character split across lines: each physical line is whole UTF-8.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
    const calendar = parse(text);
    expect(calendar.name).toBe('VCALENDAR');
    expect(valueOf(calendar, 'VERSION')).toBe('2.0');
    expect(unescape(valueOf(calendar, 'X-WR-CALNAME')!)).toBe('FoodBridge, pickups; Hope Community Pantry');
    expect(valueOf(calendar, 'REFRESH-INTERVAL')).toBe('PT60M');
    const [event] = calendar.children;
    expect(event!.name).toBe('VEVENT');
    expect(Object.fromEntries(event!.props)).toEqual({
      UID: 'a1@foodbridge',
      DTSTAMP: '20261201T093015Z',
      'LAST-MODIFIED': '20261201T093015Z',
      DTSTART: '20261208T170000Z',
      DTEND: '20261208T190000Z',
      SUMMARY: 'Pickup: Bread\\, rolls\\; cakes',
      DESCRIPTION: escapeText(description),
      LOCATION: 'Hauptstraße 5\\, 10115 Berlin',
      URL: 'https://foodbridge.example.org/donations/a1',
    });
    expect(unescape(valueOf(event!, 'DESCRIPTION')!)).toBe(description);
    expect(unescape(valueOf(event!, 'SUMMARY')!)).toBe('Pickup: Bread, rolls; cakes');
  });

  it('escapes TEXT: backslash, semicolon, comma and every kind of line break; drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\th\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng\th');
  });

  it('folds by octets, never inside a character, each further line starting with one space', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(foldLine('x'.repeat(150)).split('\r\n').map((l) => l.length)).toEqual([75, 75, 2]);
    // 74 octets, then a 2-octet é that would make 76: it moves to the next line whole.
    expect(foldLine(`${'x'.repeat(74)}é`)).toBe(`${'x'.repeat(74)}\r\n é`);
    for (const char of ['é', '中', '😀']) {
      const line = `DESCRIPTION:${char.repeat(100)}`;
      const folded = foldLine(line).split('\r\n');
      for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    }
  });

  it('writes an event without a zone in UTC and adds no VTIMEZONE', () => {
    const calendar = parse(icsCalendar({ name: 'x', events: [pickup('u', '2026-07-01T16:00:00Z', '2026-07-01T18:00:00Z')], now: NOW }));
    expect(calendar.children.map((c) => c.name)).toEqual(['VEVENT']);
    expect(valueOf(calendar.children[0]!, 'DTSTAMP')).toBe('20260301T120000Z');
    expect(valueOf(calendar.children[0]!, 'DTSTART')).toBe('20260701T160000Z');
  });

  it('writes a zone the runtime does not know in UTC, the same instant', () => {
    const calendar = parse(icsCalendar({ name: 'x', events: [pickup('u', '2026-07-01T16:00:00Z', '2026-07-01T18:00:00Z', 'Mars/Olympus_Mons')], now: NOW }));
    expect(calendar.children.map((c) => c.name)).toEqual(['VEVENT']);
    expect(prop(calendar.children[0]!, 'DTSTART')).toEqual(['DTSTART', '20260701T160000Z']);
  });
});

describe('a series across daylight-saving changes keeps its local times', () => {
  it('Europe/Berlin, 18:00-20:00 on both sides of the changes of 2026 and 2027', () => {
    const events = [
      // Spring 2026 (29 March): 18:00 CET is 17:00Z, 18:00 CEST 16:00Z.
      pickup('b1', '2026-03-28T17:00:00Z', '2026-03-28T19:00:00Z', 'Europe/Berlin'),
      pickup('b2', '2026-03-30T16:00:00Z', '2026-03-30T18:00:00Z', 'Europe/Berlin'),
      // Autumn 2026 (25 October).
      pickup('b3', '2026-10-24T16:00:00Z', '2026-10-24T18:00:00Z', 'Europe/Berlin'),
      pickup('b4', '2026-10-26T17:00:00Z', '2026-10-26T19:00:00Z', 'Europe/Berlin'),
      // Spring 2027 (28 March).
      pickup('b5', '2027-03-27T17:00:00Z', '2027-03-27T19:00:00Z', 'Europe/Berlin'),
      pickup('b6', '2027-03-29T16:00:00Z', '2027-03-29T18:00:00Z', 'Europe/Berlin'),
    ];
    const text = icsCalendar({ name: 'Berlin', events, now: NOW });
    const calendar = parse(text);
    const vevents = calendar.children.filter((c) => c.name === 'VEVENT');
    expect(vevents.map((e) => [prop(e, 'DTSTART'), prop(e, 'DTEND')])).toEqual([
      [['DTSTART;TZID=Europe/Berlin', '20260328T180000'], ['DTEND;TZID=Europe/Berlin', '20260328T200000']],
      [['DTSTART;TZID=Europe/Berlin', '20260330T180000'], ['DTEND;TZID=Europe/Berlin', '20260330T200000']],
      [['DTSTART;TZID=Europe/Berlin', '20261024T180000'], ['DTEND;TZID=Europe/Berlin', '20261024T200000']],
      [['DTSTART;TZID=Europe/Berlin', '20261026T180000'], ['DTEND;TZID=Europe/Berlin', '20261026T200000']],
      [['DTSTART;TZID=Europe/Berlin', '20270327T180000'], ['DTEND;TZID=Europe/Berlin', '20270327T200000']],
      [['DTSTART;TZID=Europe/Berlin', '20270329T180000'], ['DTEND;TZID=Europe/Berlin', '20270329T200000']],
    ]);
    const zones = calendar.children.filter((c) => c.name === 'VTIMEZONE');
    expect(zones).toHaveLength(1);
    expect(valueOf(zones[0]!, 'TZID')).toBe('Europe/Berlin');
    // Each change: the local time it happens at (before it), and the offsets. The one before the first event first.
    expect(zones[0]!.children.map((o) => [o.name, ...o.props.map(([, v]) => v)])).toEqual([
      ['STANDARD', '20251026T030000', '+0200', '+0100'],
      ['DAYLIGHT', '20260329T020000', '+0100', '+0200'],
      ['STANDARD', '20261025T030000', '+0200', '+0100'],
      ['DAYLIGHT', '20270328T020000', '+0100', '+0200'],
    ]);
    // The zone comes before the events that name it.
    expect(text.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(text.indexOf('BEGIN:VEVENT'));
  });

  it('America/New_York, 17:00-19:00 on both sides of the changes of 2026 and 2027', () => {
    const events = [
      // Spring 2026 (8 March): 17:00 EST is 22:00Z, 17:00 EDT 21:00Z.
      pickup('n1', '2026-03-07T22:00:00Z', '2026-03-08T00:00:00Z', 'America/New_York'),
      pickup('n2', '2026-03-09T21:00:00Z', '2026-03-09T23:00:00Z', 'America/New_York'),
      // Autumn 2026 (1 November).
      pickup('n3', '2026-10-31T21:00:00Z', '2026-10-31T23:00:00Z', 'America/New_York'),
      pickup('n4', '2026-11-02T22:00:00Z', '2026-11-03T00:00:00Z', 'America/New_York'),
      // Spring and autumn 2027 (14 March, 7 November).
      pickup('n5', '2027-03-15T21:00:00Z', '2027-03-15T23:00:00Z', 'America/New_York'),
      pickup('n6', '2027-11-08T22:00:00Z', '2027-11-09T00:00:00Z', 'America/New_York'),
    ];
    const calendar = parse(icsCalendar({ name: 'New York', events, now: NOW }));
    const vevents = calendar.children.filter((c) => c.name === 'VEVENT');
    expect(vevents.map((e) => `${valueOf(e, 'DTSTART')}-${valueOf(e, 'DTEND')}`)).toEqual([
      '20260307T170000-20260307T190000',
      '20260309T170000-20260309T190000',
      '20261031T170000-20261031T190000',
      '20261102T170000-20261102T190000',
      '20270315T170000-20270315T190000',
      '20271108T170000-20271108T190000',
    ]);
    for (const e of vevents) expect(prop(e, 'DTSTART')![0]).toBe('DTSTART;TZID=America/New_York');
    const [zone] = calendar.children.filter((c) => c.name === 'VTIMEZONE');
    expect(zone!.children.map((o) => [o.name, ...o.props.map(([, v]) => v)])).toEqual([
      ['STANDARD', '20251102T020000', '-0400', '-0500'],
      ['DAYLIGHT', '20260308T020000', '-0500', '-0400'],
      ['STANDARD', '20261101T020000', '-0400', '-0500'],
      ['DAYLIGHT', '20270314T020000', '-0500', '-0400'],
      ['STANDARD', '20271107T020000', '-0400', '-0500'],
    ]);
  });

  it('gives each zone used its own VTIMEZONE, once', () => {
    const calendar = parse(
      icsCalendar({
        name: 'two',
        events: [
          pickup('b', '2026-07-01T16:00:00Z', '2026-07-01T18:00:00Z', 'Europe/Berlin'),
          pickup('n', '2026-07-01T21:00:00Z', '2026-07-01T23:00:00Z', 'America/New_York'),
          pickup('b2', '2026-07-02T16:00:00Z', '2026-07-02T18:00:00Z', 'Europe/Berlin'),
        ],
        now: NOW,
      }),
    );
    expect(calendar.children.filter((c) => c.name === 'VTIMEZONE').map((z) => valueOf(z, 'TZID'))).toEqual(['Europe/Berlin', 'America/New_York']);
  });

  it('gives a zone without changes one STANDARD with its offset', () => {
    const calendar = parse(icsCalendar({ name: 'Tokyo', events: [pickup('t', '2026-07-01T09:00:00Z', '2026-07-01T11:00:00Z', 'Asia/Tokyo')], now: NOW }));
    const [zone] = calendar.children.filter((c) => c.name === 'VTIMEZONE');
    expect(zone!.children.map((o) => [o.name, ...o.props.map(([, v]) => v)])).toEqual([['STANDARD', '19700101T000000', '+0900', '+0900']]);
    expect(valueOf(calendar.children.find((c) => c.name === 'VEVENT')!, 'DTSTART')).toBe('20260701T180000');
  });

  it('finds the changes to the second', () => {
    expect(zoneTransitions('Europe/Berlin', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'))).toEqual([
      { at: new Date('2026-03-29T01:00:00Z'), from: 60, to: 120 },
      { at: new Date('2026-10-25T01:00:00Z'), from: 120, to: 60 },
    ]);
    expect(zoneTransitions('America/New_York', new Date('2027-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'))).toEqual([
      { at: new Date('2027-03-14T07:00:00Z'), from: -300, to: -240 },
      { at: new Date('2027-11-07T06:00:00Z'), from: -240, to: -300 },
    ]);
    expect(zoneTransitions('UTC', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'))).toEqual([]);
  });
});
