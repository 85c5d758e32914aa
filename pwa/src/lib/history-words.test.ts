import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@foodbridge/shared/schemas/history';
import { describeEntry } from './history-words';

const entry = (kind: HistoryEntry['kind'], detail: HistoryEntry['detail'] = {}): HistoryEntry => ({
  _id: '1',
  at: '2026-11-25T18:12:00.000Z',
  actor: { name: 'Hope Community Pantry' },
  kind,
  detail,
});

describe('describeEntry', () => {
  it('names who did what', () => {
    expect(describeEntry(entry('donation.verified'))).toBe('Verified by Hope Community Pantry');
    expect(describeEntry(entry('request.made'))).toBe('Requested by Hope Community Pantry');
    expect(describeEntry(entry('request.declined'))).toBe('Another request declined');
    expect(describeEntry(entry('pickup.photo-added', { photoId: 'p1' }))).toBe('Pickup photo added by Hope Community Pantry');
  });

  it("says what a pickup's report recorded", () => {
    expect(describeEntry(entry('pickup.confirmed', { weightKg: 12.5, outcome: 'all' }))).toBe('Picked up by Hope Community Pantry - 12.5 kg');
    expect(describeEntry(entry('pickup.confirmed', { weightKg: 3.7, outcome: 'part' }))).toBe('Picked up by Hope Community Pantry - part of it, 3.7 kg');
    expect(describeEntry(entry('pickup.confirmed', { weightKg: 0, outcome: 'none', reason: 'Nobody there' }))).toBe(
      'Pickup confirmed by Hope Community Pantry - nothing collected: Nobody there',
    );
    expect(describeEntry(entry('pickup.confirmed'))).toBe('Picked up by Hope Community Pantry');
  });

  it('says what a corrected report says now', () => {
    expect(describeEntry(entry('pickup.report-corrected', { weightKg: 6.5, outcome: 'part', previous: { weightKg: 10, outcome: 'all' } }))).toBe(
      'Pickup report corrected by Hope Community Pantry - part of it, 6.5 kg',
    );
  });
});
