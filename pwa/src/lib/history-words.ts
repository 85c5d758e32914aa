// The history's entries (GET /history, GET /donations/{id}/history) in the words of the people who read them.
import type { HistoryEntry } from '@foodbridge/shared/schemas/history';

const kg = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** What a pickup's report adds to its line: '12.5 kg', 'part of it, 3.7 kg', 'nothing collected: Nobody there'. */
function pickupDetail(detail: HistoryEntry['detail']): string {
  const weight = typeof detail.weightKg === 'number' ? `${kg.format(detail.weightKg)} kg` : '';
  if (detail.outcome === 'none') return `nothing collected${typeof detail.reason === 'string' ? `: ${detail.reason}` : ''}`;
  if (detail.outcome === 'part') return weight ? `part of it, ${weight}` : 'part of it';
  return weight;
}

/** One line of the timeline, in the words of the people who read it. */
export function describeEntry(entry: HistoryEntry): string {
  const who = entry.actor.name;
  switch (entry.kind) {
    case 'donation.created':
      return `Listed by ${who}`;
    case 'donation.edited':
      return `Edited by ${who}`;
    case 'donation.verified':
      return `Verified by ${who}`;
    case 'donation.rejected':
      return `Rejected by ${who}`;
    case 'donation.deleted':
      return `Deleted by ${who}`;
    case 'donation.released':
      return `Released by ${who}: on offer again`;
    case 'request.made':
      return `Requested by ${who}`;
    case 'request.cancelled':
      return `Request cancelled by ${who}`;
    case 'request.accepted':
      return `Request accepted by ${who}`;
    case 'request.declined':
      return 'Another request declined';
    case 'request.rejected':
      return `Request rejected by ${who}`;
    case 'request.deleted':
      return `Request removed by ${who}`;
    case 'request.reopened':
      return 'A request is pending again';
    case 'pickup.confirmed': {
      const detail = pickupDetail(entry.detail);
      // A driver who found nothing still confirmed the trip; 'picked up' would say otherwise.
      const verb = entry.detail.outcome === 'none' ? 'Pickup confirmed' : 'Picked up';
      return detail ? `${verb} by ${who} - ${detail}` : `${verb} by ${who}`;
    }
    case 'pickup.report-corrected': {
      const detail = pickupDetail(entry.detail);
      return detail ? `Pickup report corrected by ${who} - ${detail}` : `Pickup report corrected by ${who}`;
    }
    default:
      return `${entry.kind} by ${who}`;
  }
}
