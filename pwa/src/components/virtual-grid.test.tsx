import { memo } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { columnsAt, DRAW_WHOLE_MAX, rowSpan, VirtualGrid, VirtualTableRows } from './virtual-grid';

// happy-dom lays nothing out: rows keep their estimated height, which is what these tests count with.
interface Item {
  id: string;
  title: string;
}
const itemsOf = (n: number, label = 'Donation'): Item[] => Array.from({ length: n }, (_, i) => ({ id: `d${i + 1}`, title: `${label} ${i + 1}` }));

const renders = new Map<string, number>();
const Card = memo(function Card({ item }: { item: Item }) {
  renders.set(item.id, (renders.get(item.id) ?? 0) + 1);
  return <h3>{item.title}</h3>;
});

const ROW = 400;
const GAP = 24;
function Grid({ items, columns, partial }: { items: Item[]; columns?: { base?: number; sm?: number; lg?: number }; partial?: boolean }) {
  return (
    <VirtualGrid
      items={items}
      partial={partial}
      getKey={(d) => d.id}
      renderItem={(d) => <Card item={d} />}
      estimateRowHeight={ROW}
      gap={GAP}
      columns={columns}
      aria-label="Donations"
    />
  );
}

const listItems = (container: HTMLElement) => [...container.querySelectorAll('li')];

// happy-dom's own viewport, which its matchMedia follows as well as innerWidth and innerHeight.
const setViewport = (width: number, height: number) =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height });

beforeEach(() => {
  renders.clear();
  setViewport(1280, 800);
  window.scrollTo(0, 0);
});
afterEach(() => setViewport(1024, 768));

describe('columnsAt', () => {
  const at = (width: number) => (min: number) => width >= min;
  it('takes the widest matching breakpoint that has a count, as Tailwind classes do', () => {
    const cols = { base: 1, sm: 2, lg: 3 };
    expect(columnsAt(cols, at(360))).toBe(1);
    expect(columnsAt(cols, at(640))).toBe(2);
    expect(columnsAt(cols, at(1023))).toBe(2);
    expect(columnsAt(cols, at(1024))).toBe(3);
    expect(columnsAt(cols, at(1920))).toBe(3);
    expect(columnsAt({ md: 2 }, at(700))).toBe(1);
  });
});

describe('rowSpan', () => {
  it('gives each row its items and the last row what is left', () => {
    expect(rowSpan(0, 3, 10)).toEqual([0, 3]);
    expect(rowSpan(3, 3, 10)).toEqual([9, 10]);
  });
});

describe('VirtualGrid', () => {
  it("draws a short list whole (a driver's twenty pickups), and a longer one only around the screen", () => {
    const short = render(<Grid items={itemsOf(DRAW_WHOLE_MAX)} columns={{ base: 1 }} />);
    expect(listItems(short.container)).toHaveLength(DRAW_WHOLE_MAX);
    short.unmount();
    const long = render(<Grid items={itemsOf(DRAW_WHOLE_MAX + 1)} columns={{ base: 1 }} />);
    expect(listItems(long.container).length).toBeLessThan(10);
  });

  it("draws only the screen's rows of a short first part of a longer list (a visitor's first screen)", () => {
    const { container } = render(<Grid items={itemsOf(24)} columns={{ base: 1 }} partial />);
    const drawn = listItems(container);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(10);
    expect(drawn[0]?.getAttribute('aria-setsize')).toBe('24');
  });

  it('draws a screenful of 10,000 items, each saying its place in the whole list', () => {
    const { container, getByRole } = render(<Grid items={itemsOf(10_000)} />);
    const list = getByRole('list', { name: 'Donations' });
    const drawn = listItems(container);
    // 800 px of screen is two rows of 424 px, plus two rows of overscan, three cards a row at 1280 px.
    expect(drawn.length).toBeGreaterThanOrEqual(6);
    expect(drawn.length).toBeLessThanOrEqual(15);
    expect(drawn.map((li) => li.getAttribute('aria-posinset'))).toEqual(drawn.map((_, i) => String(i + 1)));
    expect(drawn.every((li) => li.getAttribute('aria-setsize') === '10000')).toBe(true);
    expect(list.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    // The rows not drawn are stood in for by padding, so the page is as long as the whole list.
    const rows = Math.ceil(10_000 / 3);
    const drawnRows = drawn.length / 3;
    expect(parseFloat(list.style.paddingTop)).toBe(0);
    expect(parseFloat(list.style.paddingBottom)).toBe((rows - drawnRows) * (ROW + GAP));
  });

  it('lays out as many columns as the viewport width asks for', () => {
    setViewport(360, 740);
    const { getByRole } = render(<Grid items={itemsOf(50)} />);
    expect(getByRole('list').style.gridTemplateColumns).toBe('repeat(1, minmax(0, 1fr))');
  });

  it('follows the page when it scrolls: the rows further down are drawn, the first ones dropped', async () => {
    const { container, getByRole } = render(<Grid items={itemsOf(3000)} />);
    await act(async () => {
      window.scrollTo(0, 100 * (ROW + GAP));
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 50));
    });
    const positions = listItems(container).map((li) => Number(li.getAttribute('aria-posinset')));
    // Row 100 starts with item 301; with two rows of overscan the first drawn is row 98.
    expect(positions[0]).toBe(98 * 3 + 1);
    expect(positions).toContain(301);
    expect(positions.every((p, i) => i === 0 || p === positions[i - 1]! + 1)).toBe(true);
    expect(parseFloat(getByRole('list').style.paddingTop)).toBe(98 * (ROW + GAP));
  });

  it("draws without reading or moving the page's layout as React commits it (the browser lays the frame out after)", () => {
    // Each of these forces the browser to lay the page out there and then: inside the commit, on All Donations' first
    // screen, that was the page's whole first layout (issue 9).
    const forced: string[] = [];
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      forced.push(`getBoundingClientRect <${this.tagName.toLowerCase()}>`);
      return new DOMRect();
    });
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => forced.push('scrollTo'));
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => (forced.push('offsetHeight'), 0));
    try {
      render(<Grid items={itemsOf(10_000)} />);
      render(
        <table>
          <tbody>
            <VirtualTableRows rows={itemsOf(5000)} getKey={(d) => d.id} renderCells={(d) => <td>{d.title}</td>} estimateRowHeight={50} colSpan={1} />
          </tbody>
        </table>,
      );
    } finally {
      rect.mockRestore();
      scroll.mockRestore();
      height.mockRestore();
    }
    expect(forced).toEqual([]);
  });

  it('re-renders only the card whose item changed', () => {
    const items = itemsOf(500);
    const { container, rerender } = render(<Grid items={items} />);
    const drawn = listItems(container).length;
    expect([...renders.values()].every((n) => n === 1)).toBe(true);
    // A live update: a new array in which one item is a new object and the others keep theirs (as plainDoc does).
    const next = items.map((d) => (d.id === 'd2' ? { ...d, title: 'Donation 2 (changed)' } : d));
    rerender(<Grid items={next} />);
    expect(container.textContent).toContain('Donation 2 (changed)');
    expect(renders.get('d2')).toBe(2);
    expect([...renders.entries()].filter(([id, n]) => id !== 'd2' && n > 1)).toEqual([]);
    expect(listItems(container).length).toBe(drawn);
  });

  it('keeps the list a list of items when it is short, and says the new total when it grows', () => {
    const { container, rerender } = render(<Grid items={itemsOf(2)} />);
    expect(listItems(container).map((li) => li.textContent)).toEqual(['Donation 1', 'Donation 2']);
    rerender(<Grid items={[{ id: 'd0', title: 'Donation 0' }, ...itemsOf(2)]} />);
    expect(listItems(container).map((li) => [li.textContent, li.getAttribute('aria-posinset'), li.getAttribute('aria-setsize')])).toEqual([
      ['Donation 0', '1', '3'],
      ['Donation 1', '2', '3'],
      ['Donation 2', '3', '3'],
    ]);
  });
});

describe('VirtualTableRows', () => {
  it('draws the rows on screen of a long table, stands in for the rest, and numbers the rows drawn', () => {
    const rows = itemsOf(5000);
    const { container } = render(
      <table aria-rowcount={5001}>
        <thead>
          <tr>
            <th>Title</th>
          </tr>
        </thead>
        <tbody>
          <VirtualTableRows rows={rows} getKey={(d) => d.id} renderCells={(d) => <td>{d.title}</td>} estimateRowHeight={50} colSpan={1} />
        </tbody>
      </table>,
    );
    const drawn = [...container.querySelectorAll('tbody tr[aria-rowindex]')];
    // 800 px of 50 px rows and six rows of overscan below.
    expect(drawn.length).toBeGreaterThanOrEqual(16);
    expect(drawn.length).toBeLessThanOrEqual(30);
    expect(drawn[0]!.textContent).toBe('Donation 1');
    expect(drawn.map((tr) => tr.getAttribute('aria-rowindex'))).toEqual(drawn.map((_, i) => String(i + 2)));
    const [above, below] = [...container.querySelectorAll('tbody tr[aria-hidden="true"]')] as HTMLElement[];
    expect(parseFloat(above!.style.height)).toBe(0);
    expect(parseFloat(below!.style.height)).toBe((5000 - drawn.length) * 50);
  });
});
