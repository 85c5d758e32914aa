// Who has a pickup, on its card (issue 46): the line everyone in the charity reads, a driver's 'Take this pickup' and a
// coordinator's choice of who has it. Both changes need the server (the answer says who was first); the card says so
// offline rather than queueing them, as only a confirmation is safe to send late.
import { useId, useState } from 'react';
import { Hand, UserRound } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { memberRoleName } from '@foodbridge/shared/account-email-texts';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { OrganisationMember } from '@foodbridge/shared/schemas/organisation';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { Button } from '@/components/ui/button';
import { Label, NativeSelect } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n/i18n';
import { roleLabel } from '@/lib/labels';
import { assignPickup, claimPickup } from '../api';
import { assignChoices, holderOf, type Holder } from '../pickup-team';

function holderText(i18n: I18n, holder: Holder): string {
  switch (holder.kind) {
    case 'you':
      return i18n._('charity.holder.you');
    case 'member':
      return i18n._('charity.holder.member', { name: holder.name });
    case 'nobody':
      return i18n._('charity.holder.nobody');
    case 'outside':
      return i18n._('charity.holder.outside', { name: holder.name, type: roleLabel(i18n, holder.type) });
    case 'collectedByYou':
      return i18n._('charity.holder.collectedByYou');
    case 'collectedBy':
      return i18n._('charity.holder.collectedBy', { name: holder.name });
  }
}

/** 'Ana has it', 'You have it', 'Nobody has it yet'; for a collected pickup, whose run it was. */
export function HolderLine({ item, userId }: { item: PickupItem; userId: string | undefined }) {
  const i18n = useI18n();
  const holder = holderOf(item, userId);
  if (!holder) return null;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-stone-800" data-testid="pickup-holder">
      <UserRound className="size-4 shrink-0" aria-hidden /> <span className="min-w-0 break-words">{holderText(i18n, holder)}</span>
    </p>
  );
}

// Marked aria-disabled rather than disabled: a disabled button loses the keyboard's focus to the page's body.
const UNAVAILABLE = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/** A driver takes a pickup nobody has. `onTaken` gets the server's answer; `onRefused` its refusal (409: who has it). */
export function TakeButton({
  item,
  online,
  onTaken,
  onRefused,
}: {
  item: PickupItem;
  online: boolean;
  onTaken: (item: PickupItem, donation: Donation) => void;
  onRefused: (item: PickupItem, err: unknown) => void;
}) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  async function take() {
    if (busy || !online) return;
    setBusy(true);
    try {
      const { donation } = await claimPickup(item._id);
      onTaken(item, donation);
    } catch (err) {
      onRefused(item, err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        type="button"
        variant="accent"
        size="sm"
        className={`min-h-11 w-full sm:min-h-10 ${UNAVAILABLE}`}
        aria-disabled={busy || !online || undefined}
        aria-describedby={online ? undefined : reasonId}
        onClick={() => void take()}
      >
        <Hand aria-hidden /> {busy ? i18n._('charity.take.busy') : i18n._('charity.take.button')}
        <span className="sr-only"> {item.donationTitle}</span>
      </Button>
      {!online && (
        <p id={reasonId} className="text-xs text-stone-700">
          {i18n._('charity.take.offline')}
        </p>
      )}
    </>
  );
}

const NOBODY = '';

/**
 * A coordinator's choice of who has a pickup: the charity's members, or nobody (any driver may then take it). Sent as
 * soon as it is chosen; the card shows the choice while the server answers, and goes back to what it was on a refusal.
 */
export function AssignSelect({
  item,
  members,
  userId,
  online,
  onAssigned,
  onFailed,
}: {
  item: PickupItem;
  members: readonly OrganisationMember[];
  userId: string | undefined;
  online: boolean;
  onAssigned: (item: PickupItem, donation: Donation) => void;
  onFailed: (item: PickupItem, err: unknown) => void;
}) {
  const i18n = useI18n();
  const id = useId();
  const reasonId = useId();
  const [sending, setSending] = useState<string | null>(null);
  const current = item.assigneeId ?? NOBODY;

  async function choose(next: string) {
    // A second choice while the first is on its way waits for its answer (the select shows the first meanwhile).
    if (sending !== null || next === current) return;
    setSending(next);
    try {
      const { donation } = await assignPickup(item._id, next === NOBODY ? null : next);
      onAssigned(item, donation);
    } catch (err) {
      onFailed(item, err);
    } finally {
      setSending(null);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{i18n._('charity.assign.label')}</Label>
      <NativeSelect
        id={id}
        value={sending ?? current}
        disabled={!online}
        aria-busy={sending !== null || undefined}
        aria-describedby={online ? undefined : reasonId}
        onChange={(e) => void choose(e.target.value)}
      >
        <option value={NOBODY}>{i18n._('charity.assign.nobody')}</option>
        {assignChoices(members, item).map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.userId === userId
              ? i18n._('charity.assign.you', { name: m.name })
              : m.role
                ? i18n._('charity.assign.member', { name: m.name, role: memberRoleName(i18n, m.role) })
                : m.name}
          </option>
        ))}
      </NativeSelect>
      {!online && (
        <p id={reasonId} className="text-xs text-stone-700">
          {i18n._('charity.assign.offline')}
        </p>
      )}
    </div>
  );
}
