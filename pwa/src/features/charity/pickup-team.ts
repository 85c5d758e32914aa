// Who has which of the charity's pickups, and what My Pickups offers whom (issue 46, ADR 018): pure, so each rule is
// tested without a screen. The server decides (sync-server/src/auth/permissions.ts: canClaimPickup, canAssignPickup,
// canConfirmPickup); these only keep the page from offering what it would refuse.
import { PICKUP_CONFIRMABLE } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { MemberRole, Organisation, OrganisationMember } from '@foodbridge/shared/schemas/organisation';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { ApiError } from '@/lib/api-client';

/**
 * Who is looking at My Pickups. A driver sees their own pickups and those nobody has; a coordinator sees all and gives
 * them out (with the charity's members, when they could be read). 'unknown' is an account whose member role could not
 * be read (offline on a device that never read it): every pickup, as before teams, and nothing that needs the role.
 */
export type PickupViewer =
  | { kind: 'driver'; userId: string }
  | { kind: 'coordinator'; userId: string; members: readonly OrganisationMember[] | undefined }
  | { kind: 'unknown'; userId: string | undefined };

/** What the device keeps of the account's membership, so that My Pickups knows it with no signal. */
import type { RememberedMembership } from '@/lib/remembered-membership';
export type { RememberedMembership };

export function membershipOf(organisation: Organisation, userId: string | undefined): RememberedMembership | undefined {
  const me = organisation.members.find((m) => m.userId === userId);
  return me ? { role: me.role, email: organisation.email } : undefined;
}

/**
 * The viewer from the organisation as just read, else as the device remembers it (the members then unknown: giving a
 * pickup out needs the server anyway).
 */
export function pickupViewerOf(
  userId: string | undefined,
  organisation: Organisation | undefined,
  remembered: RememberedMembership | undefined,
): PickupViewer {
  const role = (organisation && membershipOf(organisation, userId)?.role) ?? remembered?.role;
  if (userId && role === 'driver') return { kind: 'driver', userId };
  if (userId && role === 'coordinator') return { kind: 'coordinator', userId, members: organisation?.members };
  return { kind: 'unknown', userId };
}

export const isConfirmable = (status: string) => PICKUP_CONFIRMABLE.some((s) => s.toLowerCase() === status.toLowerCase());

/**
 * The pickup as the viewer should see it. A driver's confirmation of a pickup nobody had takes it on the server; until
 * the device's copy says so (while it waits in the outbox, or just confirmed), it is shown as the driver's already, so
 * it does not drop out of their lists in between. Same object when nothing changes (the cards are memoised).
 */
export function asSeenBy(item: PickupItem, viewer: PickupViewer, confirmingHere: boolean): PickupItem {
  if (viewer.kind !== 'driver' || item.assigneeId || !confirmingHere) return item;
  return takenBy(item, viewer.userId);
}

const taken = new WeakMap<PickupItem, PickupItem>();
function takenBy(item: PickupItem, userId: string): PickupItem {
  let copy = taken.get(item);
  if (!copy) {
    copy = { ...item, assigneeId: userId };
    taken.set(item, copy);
  }
  return copy;
}

export type DriverList = 'mine' | 'unclaimed';

/**
 * Where a pickup goes on a driver's page: 'mine' (theirs, collected or not), 'unclaimed' (no member has it), or
 * nowhere: another member's, or collected without one (by a coordinator). The server leaves other drivers' uncollected
 * pickups out of a driver's store already; collected ones it keeps, and they are no driver's business. An Assigned
 * pickup without a member (the spec's 'Assigned to Jordan Lee (volunteer driver)', from before teams) is unclaimed as
 * the server sees it: any member may take or confirm it.
 */
export function driverListOf(item: PickupItem, userId: string): DriverList | null {
  if (item.assigneeId) return item.assigneeId === userId ? 'mine' : null;
  return isConfirmable(item.status) ? 'unclaimed' : null;
}

/** A driver's two lists, each in the order given (newest first). */
export function driverLists(items: readonly PickupItem[], userId: string): Record<DriverList, PickupItem[]> {
  const lists: Record<DriverList, PickupItem[]> = { mine: [], unclaimed: [] };
  for (const item of items) {
    const list = driverListOf(item, userId);
    if (list) lists[list].push(item);
  }
  return lists;
}

/** What a pickup's card offers its viewer (besides the links every card has). */
export interface CardOffers {
  /** Confirm Pickup (with its report): queued in the outbox, so offline too. */
  confirm: boolean;
  /** 'Take this pickup': a driver, on one nobody has. Online only. */
  take: boolean;
  /** The choice of who has it: a coordinator, while it waits for collection. Online only. */
  assign: boolean;
}

/** `waiting`: a confirmation of it is in the outbox (the card then says so instead of offering anything). */
export function cardOffers(item: PickupItem, viewer: PickupViewer, waiting: boolean): CardOffers {
  const open = isConfirmable(item.status) && !waiting;
  if (!open) return { confirm: false, take: false, assign: false };
  if (viewer.kind === 'driver') {
    const mine = item.assigneeId === viewer.userId;
    const nobodys = !item.assigneeId;
    return { confirm: mine || nobodys, take: nobodys, assign: false };
  }
  // A coordinator confirms any of the charity's pickups; giving them out needs the members to choose from.
  return { confirm: true, take: false, assign: viewer.kind === 'coordinator' && viewer.members !== undefined };
}

/** Who has the pickup, as its card says it. */
export type Holder =
  | { kind: 'you' }
  | { kind: 'member'; name: string }
  | { kind: 'nobody' }
  /** Assigned before teams to someone outside them (the spec's 'Assigned to {assignedTo} ({assignedType})'). */
  | { kind: 'outside'; name: string; type: string }
  | { kind: 'collectedByYou' }
  | { kind: 'collectedBy'; name: string };

export function holderOf(item: PickupItem, userId: string | undefined): Holder | null {
  const you = Boolean(userId) && item.assigneeId === userId;
  if (!isConfirmable(item.status)) {
    if (item.status.toLowerCase() !== 'picked') return null;
    if (you) return { kind: 'collectedByYou' };
    return item.assigneeName ? { kind: 'collectedBy', name: item.assigneeName } : null;
  }
  if (you) return { kind: 'you' };
  if (item.assigneeName) return { kind: 'member', name: item.assigneeName };
  const outside = item.status.toLowerCase() === 'assigned' && item.assignedTo && item.assignedType && item.assignedType !== 'charity';
  return outside ? { kind: 'outside', name: item.assignedTo!, type: item.assignedType! } : { kind: 'nobody' };
}

/** The members a pickup can be given to, plus its current holder when they are no longer among them (removed). */
export function assignChoices(
  members: readonly OrganisationMember[],
  item: Pick<PickupItem, 'assigneeId' | 'assigneeName'>,
): { userId: string; name: string; role: MemberRole | undefined }[] {
  const choices: { userId: string; name: string; role: MemberRole | undefined }[] = members.map((m) => ({ userId: m.userId, name: m.name, role: m.role }));
  if (item.assigneeId && !members.some((m) => m.userId === item.assigneeId)) {
    choices.push({ userId: item.assigneeId, name: item.assigneeName ?? item.assigneeId, role: undefined });
  }
  return choices;
}

/** The fields of a donation that a claim or an assignment changes. */
export type HolderChange = Pick<Donation, 'status' | 'updatedAt' | 'assigneeId' | 'assigneeName' | 'assignedTo' | 'assignedType'>;

const merged = new WeakMap<PickupItem, { change: HolderChange; item: PickupItem }>();

/**
 * The pickup with a change the server answered (a claim, an assignment) that the device's copy has not received yet:
 * applied while the copy is older than the answer (updatedAt; the server sets it on every change), ignored once
 * replication brought that state or a newer one. A confirmation made here still reads Picked. Same object for the same
 * pickup and change.
 */
export function withHolderChange(item: PickupItem, change: HolderChange | undefined): PickupItem {
  if (!change || change.updatedAt <= item.updatedAt) return item;
  const known = merged.get(item);
  if (known?.change === change) return known.item;
  const next: PickupItem = {
    ...item,
    status: item.status === 'Picked' ? item.status : change.status,
    updatedAt: change.updatedAt,
    assigneeId: change.assigneeId,
    assigneeName: change.assigneeName,
    assignedTo: change.assignedTo,
    assignedType: change.assignedType,
  };
  // The answer leaves out what is not there (a pickup given back to nobody has no assignee): so does the copy.
  for (const key of ['assigneeId', 'assigneeName', 'assignedTo', 'assignedType'] as const) if (next[key] === undefined) delete next[key];
  merged.set(item, { change, item: next });
  return next;
}

/**
 * Why a claim or an assignment failed: the server's refusal (4xx) in its words (409 names who has the pickup), no
 * connection, or `fallback` for the server's own trouble, whose words ("Internal error") would tell the person nothing.
 */
export function refusalOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status < 500 && err.message ? err.message : fallback;
}
