import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useConnectivity } from '@/lib/connectivity-store';
import { json, stubServer } from '@/testing/server';
import { correctionDeadline, correctPickupReport, fetchPickupReport, isReportCorrectable, MSG_CORRECTION_NEEDS_CONNECTION } from './pickup-report-correction';

const PICKED = { status: 'Picked', pickupDate: '2026-11-20T10:00:00.000Z' };
const DAY = 24 * 60 * 60 * 1000;

describe('correcting a pickup report', () => {
  afterEach(() => useConnectivity.setState({ online: true }));

  it('is offered for 7 days after the pickup, and not after', () => {
    expect(correctionDeadline(PICKED)?.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    const picked = Date.parse(PICKED.pickupDate);
    expect(isReportCorrectable(PICKED, picked + 1000)).toBe(true);
    expect(isReportCorrectable(PICKED, picked + 7 * DAY)).toBe(true);
    expect(isReportCorrectable(PICKED, picked + 7 * DAY + 1)).toBe(false);
  });

  it('is not offered before the pickup, or without its time', () => {
    expect(isReportCorrectable({ status: 'Accepted', pickupDate: PICKED.pickupDate }, Date.parse(PICKED.pickupDate))).toBe(false);
    expect(isReportCorrectable({ status: 'Picked' })).toBe(false);
    expect(isReportCorrectable({ status: 'Picked', pickupDate: 'soon' })).toBe(false);
    expect(isReportCorrectable({ status: 'picked', pickupDate: new Date().toISOString() })).toBe(true);
  });

  it('says it needs a connection when the device is offline, without trying', async () => {
    useConnectivity.setState({ online: false });
    const message = i18n._(MSG_CORRECTION_NEEDS_CONNECTION);
    expect(message).toBe('Correcting a report needs a connection. Try again when you are online.');
    await expect(fetchPickupReport('d1')).rejects.toThrow(message);
    await expect(correctPickupReport('d1', { weightKg: 2, outcome: 'all' })).rejects.toThrow(message);
  });

  it('reads the stored report and sends the correction whole, online', async () => {
    const server = stubServer({
      'GET /donations/d%201/pickup-report': () => json(200, { donationId: 'd 1', report: { weightKg: 4, outcome: 'all' }, pickupDate: null, correctableUntil: null }),
      'PUT /donations/d%201/pickup-report': (r) => json(200, { donationId: 'd 1', report: r.body, pickupDate: null, correctableUntil: null }),
    });
    expect(await fetchPickupReport('d 1')).toEqual({ weightKg: 4, outcome: 'all' });
    expect((await correctPickupReport('d 1', { weightKg: 3.5, outcome: 'part', note: 'Weighed' })).report).toEqual({ weightKg: 3.5, outcome: 'part', note: 'Weighed' });
    expect(server.sent()).toEqual(['GET /donations/d%201/pickup-report', 'PUT /donations/d%201/pickup-report']);
  });
});
