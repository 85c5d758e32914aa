// The history's entries (GET /history, GET /donations/{id}/history) in the words of the people who read them.
import { i18n as activeI18n, type I18n } from '@lingui/core';
import type { HistoryEntry } from '@foodbridge/shared/schemas/history';
import type { PICKUP_NONE_REASONS } from '@foodbridge/shared/schemas/impact';

/** The reasons a driver can give for collecting nothing: stored in English, said in the reader's language. */
const PICKUP_REASON_LABELS: Record<(typeof PICKUP_NONE_REASONS)[number], string> = {
  'No food left': /*i18n*/ 'pickupReport.reason.noFoodLeft',
  'Food not safe': /*i18n*/ 'pickupReport.reason.notSafe',
  'Nobody there': /*i18n*/ 'pickupReport.reason.nobodyThere',
  Other: /*i18n*/ 'pickupReport.reason.other',
};

/** A stored reason in words; one the app does not know (older data) shows as it is. */
export function pickupReasonLabel(i18n: I18n, reason: string): string {
  const id = PICKUP_REASON_LABELS[reason as keyof typeof PICKUP_REASON_LABELS];
  return id ? i18n._(id) : reason;
}

/** What a pickup's report adds to its line: '12.5 kg', 'part of it, 3.7 kg', 'nothing collected: Nobody there'. */
function pickupDetail(i18n: I18n, detail: HistoryEntry['detail']): string {
  const weight = typeof detail.weightKg === 'number' ? i18n._('history.detail.kg', { weight: i18n.number(detail.weightKg, { maximumFractionDigits: 2 }) }) : '';
  if (detail.outcome === 'none') {
    return typeof detail.reason === 'string' ? i18n._('history.detail.nothingBecause', { reason: pickupReasonLabel(i18n, detail.reason) }) : i18n._('history.detail.nothing');
  }
  if (detail.outcome === 'part') return weight ? i18n._('history.detail.partWeighing', { weight }) : i18n._('history.detail.part');
  return weight;
}

/**
 * One line of the timeline, in the words of the people who read it. Pass the component's `useI18n()` so the line
 * re-renders when the language changes (without it, the language active now).
 */
export function describeEntry(entry: HistoryEntry, i18n: I18n = activeI18n): string {
  const who = entry.actor.name;
  switch (entry.kind) {
    case 'donation.created':
      return i18n._('history.donation.created', { who });
    case 'donation.edited':
      return i18n._('history.donation.edited', { who });
    case 'donation.verified':
      return i18n._('history.donation.verified', { who });
    case 'donation.rejected':
      return i18n._('history.donation.rejected', { who });
    case 'donation.deleted':
      return i18n._('history.donation.deleted', { who });
    case 'donation.released':
      return i18n._('history.donation.released', { who });
    case 'request.made':
      return i18n._('history.request.made', { who });
    case 'request.cancelled':
      return i18n._('history.request.cancelled', { who });
    case 'request.accepted':
      return i18n._('history.request.accepted', { who });
    case 'request.declined':
      return i18n._('history.request.declined');
    case 'request.rejected':
      return i18n._('history.request.rejected', { who });
    case 'request.deleted':
      return i18n._('history.request.deleted', { who });
    case 'request.reopened':
      return i18n._('history.request.reopened');
    case 'pickup.confirmed': {
      const detail = pickupDetail(i18n, entry.detail);
      // A driver who found nothing still confirmed the trip; 'picked up' would say otherwise.
      if (entry.detail.outcome === 'none') {
        return detail ? i18n._('history.pickup.confirmedWithDetail', { who, detail }) : i18n._('history.pickup.confirmed', { who });
      }
      return detail ? i18n._('history.pickup.pickedUpWithDetail', { who, detail }) : i18n._('history.pickup.pickedUp', { who });
    }
    case 'pickup.report-corrected': {
      const detail = pickupDetail(i18n, entry.detail);
      return detail ? i18n._('history.pickup.correctedWithDetail', { who, detail }) : i18n._('history.pickup.corrected', { who });
    }
    case 'pickup.photo-added':
      return i18n._('history.pickup.photoAdded', { who });
    case 'pickup.undone':
      return i18n._('history.pickup.undone', { who });
    case 'pickup.not-collected':
      return i18n._('history.pickup.notCollected', { who, charity: typeof entry.detail.charityName === 'string' ? entry.detail.charityName : '' });
    case 'pickup.claimed':
      return i18n._('history.pickup.claimed', { who });
    case 'pickup.assigned':
      return i18n._('history.pickup.assigned', { who, name: typeof entry.detail.name === 'string' ? entry.detail.name : '' });
    case 'pickup.unassigned':
      return i18n._('history.pickup.unassigned', { who, name: typeof entry.detail.name === 'string' ? entry.detail.name : '' });
    case 'donation.generated':
      return entry.toState === 'Verified' || entry.toState === undefined ? i18n._('history.donation.generated') : i18n._('history.donation.generatedGiven');
    case 'series.skipped':
      return i18n._('history.series.skipped', { who });
    case 'message.removed':
      return i18n._('history.message.removed', { who });
    default:
      return i18n._('history.other', { kind: entry.kind, who });
  }
}
