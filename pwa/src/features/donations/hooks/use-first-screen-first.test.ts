import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { stubPendingFetch, type PendingRequest } from '@/testing/pending-fetch';
import { prefetchPage } from '@/lib/use-api';
import { verifiedDonationsPathOf, withLimit } from '../api';
import { VISITOR_FIRST_SCREEN } from '../first-screen';
import { defaultSort } from '../filter-donations';
import { FIRST_SCREEN, useFirstScreenFirst } from './use-first-screen-first';

// Each request waits until the test answers it, so the order of answers is the test's to choose.
let pending: PendingRequest[];

beforeEach(() => {
  pending = stubPendingFetch();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A card's first picture on the page, still loading; resolves the wait for it when told. */
function firstPicture({ loading = true } = {}) {
  const img = Object.assign(document.createElement('img'), { src: '/images/first?w=960' });
  img.setAttribute('fetchpriority', 'high');
  // happy-dom loads nothing and calls every picture complete; this one is on its way until `loaded`.
  if (loading) Object.defineProperty(img, 'complete', { value: false });
  document.body.append(img);
  return { loaded: () => img.dispatchEvent(new Event('load')) };
}

const requested = (count: number) => waitFor(() => expect(pending).toHaveLength(count));
const next = (cursor: string) => ({ Link: `<http://127.0.0.1:8787/donations/verified?sort=newest&limit=24&cursor=${cursor}>; rel="next"` });

describe('useFirstScreenFirst', () => {
  it('asks for nothing while the path is null', () => {
    const { result } = renderHook(() => useFirstScreenFirst<string>(null));
    expect(result.current).toMatchObject({ data: undefined, loading: false, partial: false });
    expect(pending).toEqual([]);
  });

  it('shows the first screen as partial, then the rest from its cursor, up to the usual 1,000 in all', async () => {
    const { result } = renderHook(() => useFirstScreenFirst<string>('/donations/verified?sort=newest'));
    await requested(1);
    expect(pending[0]!.url).toBe('/donations/verified?sort=newest&limit=24');

    const picture = firstPicture();
    await act(async () => pending[0]!.answer(200, ['a', 'b'], next('b')));
    expect(result.current).toMatchObject({ data: ['a', 'b'], partial: true, loading: true });

    // The rest waits for the first screen's picture, so that a slow connection brings the picture first.
    await new Promise((r) => setTimeout(r, 200));
    expect(pending).toHaveLength(1);
    picture.loaded();
    await requested(2);
    expect(pending[1]!.url).toBe('/donations/verified?sort=newest&limit=998&cursor=b');
    await act(async () => pending[1]!.answer(200, ['c'], next('c')));
    expect(result.current).toMatchObject({ data: ['a', 'b', 'c'], partial: false, loading: false, error: undefined });
    // One more page exists beyond the usual size: it is not asked for, as one plain GET would not have had it.
    expect(pending).toHaveLength(2);
  });

  it('is whole after the first answer when no next page is linked', async () => {
    const { result } = renderHook(() => useFirstScreenFirst<string>('/donations/verified'));
    await requested(1);
    await act(async () => pending[0]!.answer(200, ['only']));
    expect(result.current).toMatchObject({ data: ['only'], partial: false, loading: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(pending).toHaveLength(1);
  });

  it('keeps the first screen and says the error when the rest fails; a reload asks again from the start', async () => {
    const { result } = renderHook(() => useFirstScreenFirst<string>('/donations/verified?foodType=Meal'));
    await requested(1);
    firstPicture({ loading: false });
    await act(async () => pending[0]!.answer(200, ['a'], next('a')));
    await requested(2);
    await act(async () => pending[1]!.answer(500, { message: 'Database unavailable' }));
    expect(result.current).toMatchObject({ data: ['a'], partial: true, loading: false });
    expect(result.current.error?.message).toBe('Database unavailable');

    act(() => result.current.reload());
    await requested(3);
    expect(pending[2]!.url).toBe('/donations/verified?foodType=Meal&limit=24');
    await act(async () => pending[2]!.answer(200, ['a']));
    expect(result.current).toMatchObject({ data: ['a'], partial: false, error: undefined });
  });

  it('drops an answer for a path it no longer shows', async () => {
    const { result, rerender } = renderHook(({ path }) => useFirstScreenFirst<string>(path), { initialProps: { path: '/donations/verified?foodType=Meal' } });
    await requested(1);
    rerender({ path: '/donations/verified?foodType=Bakery' });
    await requested(2);
    await act(async () => pending[1]!.answer(200, ['bread']));
    await act(async () => pending[0]!.answer(200, ['soup']));
    expect(result.current.data).toEqual(['bread']);
  });

  it("takes the first screen start-up asked for, once, instead of asking again", async () => {
    // What start-up asks for is what a visitor's page with nothing picked reads first.
    expect(VISITOR_FIRST_SCREEN).toBe(withLimit(verifiedDonationsPathOf({ sort: defaultSort(undefined) }), FIRST_SCREEN));
    prefetchPage(VISITOR_FIRST_SCREEN);
    await requested(1);
    const { result } = renderHook(() => useFirstScreenFirst<string>('/donations/verified?sort=newest'));
    await act(async () => pending[0]!.answer(200, ['early']));
    expect(result.current).toMatchObject({ data: ['early'], partial: false });
    expect(pending).toHaveLength(1);

    act(() => result.current.reload());
    await requested(2);
    expect(pending[1]!.url).toBe(VISITOR_FIRST_SCREEN);
  });

  it('draws a first screen that arrived before it in its first render, then goes on with the rest', async () => {
    const arrived = prefetchPage(VISITOR_FIRST_SCREEN);
    await requested(1);
    await act(async () => pending[0]!.answer(200, ['early'], next('early')));
    await arrived;
    const renders: (string[] | undefined)[] = [];
    const { result } = renderHook(() => {
      const state = useFirstScreenFirst<string>('/donations/verified?sort=newest');
      renders.push(state.data);
      return state;
    });
    // No skeleton first: index.html's first screen is replaced by these cards at once.
    expect(renders[0]).toEqual(['early']);
    expect(result.current).toMatchObject({ data: ['early'], partial: true });
    firstPicture({ loading: false });
    await requested(2);
    expect(pending[1]!.url).toBe('/donations/verified?sort=newest&limit=999&cursor=early');
    await act(async () => pending[1]!.answer(200, ['rest']));
    expect(result.current).toMatchObject({ data: ['early', 'rest'], partial: false, loading: false });

    // Taken: a later page of the same list asks the server again.
    const again = renderHook(() => useFirstScreenFirst<string>('/donations/verified?sort=newest'));
    expect(again.result.current.data).toBeUndefined();
    await requested(3);
  });
});
