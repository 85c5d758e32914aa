// The regular donation form's boxes and what they send (issue 47), new or edited: pure, checked with the shared
// DonationSeriesCreateSchema that the server parses a new one's body with (an edit sends the fields that changed of
// the same values, series-changes.ts).
import { isTimeZone } from '@foodbridge/shared/pickup-window';
import { DonationSeriesCreateSchema, type DonationSeries } from '@foodbridge/shared/schemas/donation-series';
import { dateInZone } from '@foodbridge/shared/series-dates';
import type { UnitChoice } from '@/components/quantity-field';

export interface SeriesInputs {
  title: string;
  foodType: string;
  quantity: string;
  /** None until the restaurant picks one (issue 50), '' meanwhile: the schema's default kg must not stand in for it. */
  unit: UnitChoice;
  location: string;
  /** ISO weekdays, 1 Monday .. 7 Sunday, in order. */
  weekdays: number[];
  windowStart: string;
  windowEnd: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  keepsHours: string;
}

/** The device's own zone (IANA name), UTC where the browser does not say it. */
export function deviceTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/**
 * What the form proposes: today in the device's zone as the first date, food that keeps four hours after its window.
 * No unit: it is chosen.
 */
export function initialInputs(now: Date = new Date(), timeZone: string = deviceTimeZone()): SeriesInputs {
  return {
    title: '',
    foodType: '',
    quantity: '',
    unit: '',
    location: '',
    weekdays: [],
    windowStart: '',
    windowEnd: '',
    timeZone,
    startDate: dateInZone(timeZone, now),
    endDate: '',
    keepsHours: '4',
  };
}

/**
 * The boxes of a series to edit, as it is. A series on an RRULE starts with no weekday chosen: the form offers
 * weekdays only, and keeps the rule unless days are chosen (parseSeriesInputs' `rule`).
 */
export function inputsOf(s: DonationSeries): SeriesInputs {
  return {
    title: s.title,
    foodType: s.foodType,
    quantity: String(s.quantity),
    unit: s.unit,
    location: s.location,
    weekdays: s.rrule ? [] : [...new Set(s.weekdays ?? [])].sort((a, b) => a - b),
    windowStart: s.windowStart,
    windowEnd: s.windowEnd,
    timeZone: s.timeZone,
    startDate: s.startDate,
    endDate: s.endDate ?? '',
    keepsHours: String(s.keepsHours),
  };
}

/** The days with `day` switched on or off, in order. */
export function toggleDay(weekdays: readonly number[], day: number): number[] {
  return weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b);
}

/** Empty boxes are left out, so the schema names what is missing rather than reading '' as 0. */
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * The body of POST /donation-series from the boxes and the uploaded picture, checked: the parsed body, or the
 * problems by field (the first issue's path names the box). `rule`: the RRULE of the series being edited, kept while
 * no weekday is chosen.
 */
export function parseSeriesInputs(inputs: SeriesInputs, image: string | undefined, rule?: string) {
  const keepsRule = rule !== undefined && inputs.weekdays.length === 0;
  return DonationSeriesCreateSchema.safeParse({
    title: inputs.title,
    foodType: inputs.foodType || undefined,
    quantity: optional(inputs.quantity),
    unit: inputs.unit,
    image,
    location: inputs.location,
    // No days chosen (and no rule to keep): the schema's 'Choose at least one day of the week'.
    ...(keepsRule ? { rrule: rule } : { weekdays: inputs.weekdays }),
    windowStart: inputs.windowStart,
    windowEnd: inputs.windowEnd,
    timeZone: inputs.timeZone.trim(),
    startDate: inputs.startDate,
    endDate: optional(inputs.endDate),
    keepsHours: optional(inputs.keepsHours),
  });
}

/** The form's checked values: a new series' body, and an edited one's as it should be. */
export type SeriesValues = NonNullable<ReturnType<typeof parseSeriesInputs>['data']>;

/** The order of the boxes on the form, for the focus to go to the first one with a problem. */
export const FIELD_ORDER = ['image', 'title', 'foodType', 'quantity', 'unit', 'location', 'weekdays', 'windowStart', 'windowEnd', 'timeZone', 'startDate', 'endDate', 'keepsHours'] as const;

/** The first box, in the form's order, that has a problem. */
export function firstProblem(errors: Record<string, string>): string | undefined {
  return FIELD_ORDER.find((f) => errors[f]) ?? Object.keys(errors)[0];
}

/**
 * The box a refusal of an edit names, for the rules the server checks against the series as it is stored (the form
 * checks the rest before sending): an RRULE kept with a new first date, the window, the dates' order. Other refusals
 * belong to no box.
 */
const SERVER_PROBLEM_BOXES: Readonly<Record<string, (typeof FIELD_ORDER)[number]>> = {
  'validation/series-rrule': 'weekdays',
  'validation/series-window-empty': 'windowEnd',
  'validation/series-dates-order': 'endDate',
};

export const serverProblemBox = (code: string | undefined) => (code ? SERVER_PROBLEM_BOXES[code] : undefined);
