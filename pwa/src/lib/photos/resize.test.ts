import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_MAX_SIDE } from './resize';

describe('fitWithin', () => {
  it('brings a camera picture down to 1,600 px on its longest side, proportions kept', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 1800)).toEqual({ width: 1600, height: 720 });
  });

  it('never enlarges a picture already small enough', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(1, 1)).toEqual({ width: 1, height: 1 });
  });

  it('a square picture gets both sides at the limit', () => {
    expect(fitWithin(3000, 3000)).toEqual({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE });
  });

  it('the longest side is exactly the limit whatever the rounding, and a sliver keeps at least one pixel', () => {
    const odd = fitWithin(4001, 2999);
    expect(odd.width).toBe(1600);
    expect(odd.height).toBe(Math.round((2999 * 1600) / 4001));
    expect(fitWithin(20_000, 3)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(3, 20_000)).toEqual({ width: 1, height: 1600 });
  });

  it('takes another limit', () => {
    expect(fitWithin(1000, 500, 200)).toEqual({ width: 200, height: 100 });
  });
});
