import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { PickupReport } from '@foodbridge/shared/schemas/impact';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { EmptyState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useStableHandler } from '@/components/virtual-grid';
import { useI18n } from '@/lib/i18n/i18n';
import type { ResizedPhoto } from '@/lib/photos/resize';
import { driverLists, type DriverList } from '../pickup-team';
import { useCardFocus } from '../use-card-focus';
import { PickupGrid } from './pickup-card';

/** Confirm Pickup with its report and photos (queued in the outboxes). */
export type ConfirmPickup = (item: PickupItem, report: PickupReport, photos?: ResizedPhoto[]) => Promise<void>;

/** A pickup's card as the page draws it; `onConfirm` in place of the page's own Confirm Pickup. */
export type RowOf = (item: PickupItem, index: number, onConfirm?: ConfirmPickup) => ReactNode;

/**
 * A driver's page: their own pickups ('Mine', first) and those nobody has yet ('Unclaimed'), as two tabs. A card that
 * leaves the open tab (taken, or confirmed, which takes it) hands the keyboard to the card now in its place.
 */
export function DriverPickups({
  items,
  userId,
  row,
  onConfirm,
  say,
}: {
  items: PickupItem[];
  userId: string;
  row: RowOf;
  onConfirm: ConfirmPickup;
  say: (text: string) => void;
}) {
  const i18n = useI18n();
  const [tab, setTab] = useState<DriverList>('mine');
  const lists = useMemo(() => driverLists(items, userId), [items, userId]);
  const list = useRef<HTMLDivElement>(null);
  const tabs = { mine: useRef<HTMLButtonElement>(null), unclaimed: useRef<HTMLButtonElement>(null) };
  useCardFocus(list, lists[tab], () => tabs[tab].current);

  const confirmUnclaimed = useStableHandler(async (item: PickupItem, report: PickupReport, photos?: ResizedPhoto[]) => {
    await onConfirm(item, report, photos);
    // Confirming one nobody had takes it: it moves to Mine, which the driver is told (their focus stays in Unclaimed).
    if (!item.assigneeId) say(i18n._('charity.pickups.movedToMine', { title: item.donationTitle }));
  });
  const empty = { mine: i18n._('charity.pickups.mineEmpty'), unclaimed: i18n._('charity.pickups.unclaimedEmpty') };

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'unclaimed' ? 'unclaimed' : 'mine')}>
      <TabsList aria-label={i18n._('charity.pickups.tabs')} className="mb-4 w-full sm:max-w-md">
        <TabsTrigger ref={tabs.mine} value="mine">
          {i18n._('charity.pickups.tab.mine', { count: lists.mine.length })}
        </TabsTrigger>
        <TabsTrigger ref={tabs.unclaimed} value="unclaimed">
          {i18n._('charity.pickups.tab.unclaimed', { count: lists.unclaimed.length })}
        </TabsTrigger>
      </TabsList>
      {(['mine', 'unclaimed'] as const).map((which) => (
        <TabsContent key={which} value={which}>
          {/* Only the open tab's panel is drawn (Radix unmounts the other): the ref is always the open one's. */}
          <div ref={list}>
            {lists[which].length ? (
              <PickupGrid items={lists[which]} renderItem={(item, i) => row(item, i, which === 'unclaimed' ? confirmUnclaimed : undefined)} />
            ) : (
              <EmptyState message={empty[which]} />
            )}
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}
