import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { cn } from '@/lib/utils';

/** Columns per viewport width, as Tailwind's `grid-cols-*` classes with its breakpoints (min-width, in px) had them. */
export interface Columns {
  base?: number;
  sm?: number;
  md?: number;
  lg?: number;
  xl?: number;
}
const BREAKPOINTS = [
  ['xl', 1280],
  ['lg', 1024],
  ['md', 768],
  ['sm', 640],
] as const;

/** The column count at the current viewport width: the widest breakpoint that matches and has a count. */
export function columnsAt(columns: Columns, matches: (minWidth: number) => boolean): number {
  for (const [name, width] of BREAKPOINTS) {
    const n = columns[name];
    if (n !== undefined && matches(width)) return n;
  }
  return columns.base ?? 1;
}

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

// The same media queries as the CSS would use, so the count agrees with what Tailwind's classes did at any zoom.
function useColumns(columns: Columns): number {
  const { base, sm, md, lg, xl } = columns;
  const read = useCallback(
    () => columnsAt({ base, sm, md, lg, xl }, (w) => window.matchMedia(`(min-width: ${w}px)`).matches),
    [base, sm, md, lg, xl],
  );
  return useSyncExternalStore(subscribeToResize, read, () => base ?? 1);
}

/** Splits `count` items into rows of `perRow`: the index range of row `row`. */
export function rowSpan(row: number, perRow: number, count: number): [first: number, end: number] {
  const first = row * perRow;
  return [first, Math.min(count, first + perRow)];
}

/** Lists up to this many items are drawn in full; longer ones only around the screen. */
export const DRAW_WHOLE_MAX = 48;

/** Every index of a short list, shaped as the virtualizer's items (only `index` is read when drawing whole). */
function wholeRange(count: number): { index: number; start: number; end: number }[] {
  return Array.from({ length: count }, (_, index) => ({ index, start: 0, end: 0 }));
}

interface VirtualGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** Should return a memoised card (React.memo with stable props), so that one changed item re-renders one card. */
  renderItem: (item: T, index: number) => ReactNode;
  /** A first guess of a row's height in px (the card's height); rows are measured once drawn. */
  estimateRowHeight: number;
  columns?: Columns;
  /** Gap between rows and columns in px (Tailwind's gap-6 is 24). */
  gap?: number;
  /** Rows drawn beyond the screen on each side: keyboard focus moves into them, and a fast scroll shows no blanks. */
  overscan?: number;
  /**
   * The items are the first part of a longer list still on its way (a visitor's first screen of All Donations): only
   * the rows around the screen are drawn even when there are few, since drawing them all buys nothing (find-in-page
   * waits for the whole list anyway) and costs the page's start-up a card's work each (24 cards on a phone that shows
   * two).
   */
  partial?: boolean;
  'aria-label'?: string;
  className?: string;
  itemClassName?: string;
}

/**
 * A grid of cards that draws only the rows on screen (and a few around them) while the page itself scrolls, so a
 * city's 10,000 donations cost what a screenful costs.
 *
 * It stays a real `ul` of `li`, laid out by CSS grid (so the cards of a row share its height, as before): the rows
 * above and below the drawn ones are stood in for by the list's top and bottom padding. Every item says its place and
 * the total (aria-posinset / aria-setsize), so a screen reader reads '12 of 10,000'. Tab walks the cards in order:
 * the next row is already drawn (overscan), and the browser scrolls a focused card into view, which draws the rows
 * after it. Find-in-page sees only the drawn cards; the screens that use this have their own search.
 */
export function VirtualGrid<T>({
  items,
  getKey,
  renderItem,
  estimateRowHeight,
  columns = { base: 1, sm: 2, lg: 3 },
  gap = 24,
  overscan = 2,
  partial = false,
  'aria-label': label,
  className,
  itemClassName,
}: VirtualGridProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const perRow = Math.max(1, useColumns(columns));
  const rowCount = Math.ceil(items.length / perRow);
  const scrollMargin = useListTop(list);

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: rowCount,
    estimateSize: () => estimateRowHeight,
    gap,
    overscan,
    scrollMargin,
    ...useWindowOutsideCommit(),
    measureElement: measureRow,
  });

  // A short list is drawn whole, whatever the virtualizer thinks is on screen: it costs little, find-in-page and a
  // driver's quick scroll see every card, and a card's open dialog never goes with a resize (a window briefly 0 px
  // tall leaves the virtualizer with nothing in range).
  const whole = !partial && items.length <= DRAW_WHOLE_MAX;
  const rows = whole ? wholeRange(rowCount) : virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const total = virtualizer.getTotalSize();
  const style: CSSProperties = {
    gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))`,
    gap,
    paddingTop: first && !whole ? Math.max(0, first.start - scrollMargin) : 0,
    paddingBottom: last && !whole ? Math.max(0, total - (last.end - scrollMargin)) : 0,
  };

  return (
    <ul ref={list} aria-label={label} className={cn('grid w-full', className)} style={style}>
      {rows.flatMap((row) => {
        const [start, end] = rowSpan(row.index, perRow, items.length);
        const cells: ReactNode[] = [];
        for (let i = start; i < end; i++) {
          const item = items[i]!;
          cells.push(
            <li
              key={getKey(item)}
              // The row's first card stands for its row: a grid cell is as tall as its row, so measuring it measures the row.
              ref={i === start ? virtualizer.measureElement : undefined}
              data-index={i === start ? row.index : undefined}
              aria-posinset={i + 1}
              aria-setsize={items.length}
              className={cn('flex min-w-0 flex-col', itemClassName)}
            >
              {renderItem(item, i)}
            </li>,
          );
        }
        return cells;
      })}
    </ul>
  );
}

/**
 * The window as the virtualizer sees it, without reading the page's layout while React commits the list. As it
 * attaches, the virtualizer reads the window's size and scrolls the window to its offset; both force the browser to
 * lay the page out there and then, inside the commit (issue 9: on All Donations' first screen, with measureRow's and
 * useListTop's reads, the page's whole first layout, ~half of the start-up's longest task at Lighthouse's 4x slower
 * CPU). The browser lays the page out at the next frame anyway, in a task of its own. So:
 * - the size is the one read as the list is first drawn (before the first layout pass: the first paint already holds
 *   the first rows), read again once the browser has laid the page out (a ResizeObserver's first report) and on every
 *   resize;
 * - the window's offset is its own position, read as the list is first drawn, and the virtualizer's first write, as
 *   it attaches, which would put the window where it already is, is skipped.
 */
function useWindowOutsideCommit<E extends Element>() {
  const [options] = useState(() => {
    const startedAt = typeof window === 'undefined' ? 0 : window.scrollY;
    let attached = false;
    return {
      initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
      initialOffset: startedAt,
      observeElementRect: (instance: Virtualizer<Window, E>, onRect: (rect: { width: number; height: number }) => void) => {
        const win = instance.scrollElement;
        if (!win) return;
        return onPageResize(() => onRect({ width: win.innerWidth, height: win.innerHeight }));
      },
      scrollToFn: (offset: number, scroll: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<Window, E>) => {
        const first = !attached;
        attached = true;
        if (first && offset === startedAt && !scroll.adjustments) return;
        windowScroll(offset, scroll, instance);
      },
    };
  });
  return options;
}

/**
 * A drawn row's height, as the browser's ResizeObserver reports it once the frame is laid out. Zero means it is not
 * laid out (a hidden tab, or a test DOM without layout): then the guess stands rather than letting every row fit on
 * one screen.
 *
 * A row just drawn (no entry yet: the virtualizer asks as React attaches it) keeps the height already known for it,
 * or the guess, until that report. Reading the browser's layout there would force the page's layout inside React's
 * commit: on All Donations' first screen that made the start-up's longest task (issue 9, Lighthouse: the commit's
 * layout was ~45% of it at a 4x slower CPU); the browser lays the frame out anyway, in a task of its own.
 */
function measureRow<E extends HTMLElement>(element: E, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, E>): number {
  const index = Number(element.dataset.index ?? 0);
  const size = entry ? (entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height) : instance.itemSizeCache.get(instance.options.getItemKey(index));
  if (size !== undefined && size > 0) return Math.round(size);
  return instance.options.estimateSize(index);
}

/**
 * Calls `listener` whenever the page's size or the window's changes, and once the browser has first laid the page out
 * (a ResizeObserver's first report; without ResizeObserver, at once). Returns what stops it.
 */
function onPageResize(listener: () => void): () => void {
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(listener);
  if (observer) observer.observe(document.documentElement);
  else listener();
  window.addEventListener('resize', listener, { passive: true });
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', listener);
  };
}

/**
 * The list's top in the document (the virtualizer's scroll margin), read again whenever the page's height or the
 * window's width changes: a filter bar or a status line appearing above the list moves it down.
 */
function useListTop(list: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    // The observer's first report comes once the browser has laid the frame out. Reading the list's place here, inside
    // React's commit, would force that layout into the commit (issue 9: with measureRow's, the longest task of All
    // Donations' start-up; reading window.scrollY here forces it too). Until then the margin is 0: the rows drawn are
    // those the list's top would put on screen, and they sit in their right places (the padding stands for the rows
    // before them); the overscan covers the difference, for that one frame.
    return onPageResize(measure);
  }, [list]);
  return top;
}

/**
 * A handler that keeps one identity for the life of the component but always calls the latest `fn`: what a memoised
 * card needs as its callback prop (an inline arrow would be new on every render and re-render every card).
 */
export function useStableHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

interface VirtualTableRowsProps<T> {
  rows: readonly T[];
  getKey: (row: T) => string;
  /** The cells of one row (its `td`s); should come from memoised components so that one changed row re-renders alone. */
  renderCells: (row: T, index: number) => ReactNode;
  /** A first guess of a row's height in px; rows are measured once drawn. */
  estimateRowHeight: number;
  /** The table's column count, for the stand-in rows. */
  colSpan: number;
  rowClassName?: string;
  /** Rows above the first data row (the header row): aria-rowindex counts them. Give the table aria-rowcount. */
  headerRows?: number;
  overscan?: number;
}

/**
 * The body rows of a long table, drawing only those on screen while the page scrolls (for a `tbody`). The rows not
 * drawn are stood in for by one empty row above and one below, as tall as they would be; each drawn row says its
 * place (aria-rowindex), so with aria-rowcount on the table a screen reader reads 'row 1,204 of 10,001'.
 */
export function VirtualTableRows<T>({
  rows,
  getKey,
  renderCells,
  estimateRowHeight,
  colSpan,
  rowClassName,
  headerRows = 1,
  overscan = 6,
}: VirtualTableRowsProps<T>) {
  const top = useRef<HTMLTableRowElement>(null);
  const scrollMargin = useListTop(top);
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    estimateSize: () => estimateRowHeight,
    overscan,
    scrollMargin,
    ...useWindowOutsideCommit(),
    measureElement: measureRow,
  });
  // As in VirtualGrid: a short table is drawn whole.
  const whole = rows.length <= DRAW_WHOLE_MAX;
  const drawn = whole ? wholeRange(rows.length) : virtualizer.getVirtualItems();
  const first = drawn[0];
  const last = drawn[drawn.length - 1];
  const before = first && !whole ? Math.max(0, first.start - scrollMargin) : 0;
  const after = last && !whole ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0;
  return (
    <>
      <tr ref={top} aria-hidden="true" style={{ height: before }}>
        {before > 0 && <td colSpan={colSpan} className="p-0" />}
      </tr>
      {drawn.map((item) => {
        const row = rows[item.index]!;
        return (
          <tr
            key={getKey(row)}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-rowindex={headerRows + item.index + 1}
            className={cn('align-middle', rowClassName)}
          >
            {renderCells(row, item.index)}
          </tr>
        );
      })}
      <tr aria-hidden="true" style={{ height: after }}>
        {after > 0 && <td colSpan={colSpan} className="p-0" />}
      </tr>
    </>
  );
}
