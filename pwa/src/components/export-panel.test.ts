import { describe, expect, it } from 'vitest';
import { exportPath } from './export-panel';

describe('exportPath', () => {
  it('asks for the whole export, or for the range that is set', () => {
    expect(exportPath('donations', '', '')).toBe('/exports/donations.csv');
    expect(exportPath('pickups', '2026-11-01', '')).toBe('/exports/pickups.csv?from=2026-11-01');
    expect(exportPath('users', '2026-11-01', '2026-11-30')).toBe('/exports/users.csv?from=2026-11-01&to=2026-11-30');
  });
});
