import { useEffect, useId, useState } from 'react';
import { Undo2 } from 'lucide-react';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { PICKUP_UNDO_MINUTES } from '@foodbridge/shared/schemas/impact';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';
import { undoDeadline, undoPickup } from '../pickup-undo';

/**
 * 'Undo' under a pickup confirmed a moment ago (a wrong tap on Confirm Pickup), for PICKUP_UNDO_MINUTES: then it goes
 * by itself. Needs a connection; offline it says so rather than queueing, as the server's own deadline would pass.
 */
export function UndoPickupButton({
  item,
  online,
  onUndone,
  onFailed,
}: {
  item: PickupItem;
  online: boolean;
  onUndone: (item: PickupItem) => void;
  onFailed: (item: PickupItem, err: unknown) => void;
}) {
  const i18n = useI18n();
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  const deadline = undoDeadline(item);
  const [open, setOpen] = useState(() => deadline !== undefined && Date.now() <= deadline);
  useEffect(() => {
    if (deadline === undefined) return setOpen(false);
    const left = deadline - Date.now();
    setOpen(left >= 0);
    if (left < 0) return;
    const timer = setTimeout(() => setOpen(false), left + 50);
    return () => clearTimeout(timer);
  }, [deadline]);
  if (!open) return null;

  async function undo() {
    if (busy || !online) return;
    setBusy(true);
    try {
      await undoPickup(item._id);
      onUndone(item);
    } catch (err) {
      onFailed(item, err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="min-h-11 w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:min-h-10"
        aria-disabled={busy || !online || undefined}
        aria-describedby={reasonId}
        onClick={() => void undo()}
      >
        <Undo2 aria-hidden /> {busy ? i18n._('charity.undo.busy') : i18n._('charity.undo.button')}
        <span className="sr-only"> {item.donationTitle}</span>
      </Button>
      <p id={reasonId} className="text-xs text-stone-700">
        {online ? i18n._('charity.undo.hint', { minutes: PICKUP_UNDO_MINUTES }) : i18n._('charity.undo.needsConnection')}
      </p>
    </>
  );
}
