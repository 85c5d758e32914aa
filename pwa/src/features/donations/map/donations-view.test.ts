import { afterEach, describe, expect, it } from 'vitest';
import { parseDonationsView } from './donations-view';
import { rememberedView, rememberView } from './remembered-view';

describe('list or map on All Donations', () => {
  afterEach(() => localStorage.clear());

  it('reads only list or map from the URL; anything else leaves the choice to the device', () => {
    expect(parseDonationsView({ view: 'map' })).toEqual({ view: 'map' });
    expect(parseDonationsView({ view: 'list' })).toEqual({ view: 'list' });
    expect(parseDonationsView({ view: 'satellite' })).toEqual({});
    expect(parseDonationsView({})).toEqual({});
  });

  it('remembers the last view on the device, starting with the list', () => {
    expect(rememberedView()).toBe('list');
    rememberView('map');
    expect(rememberedView()).toBe('map');
    rememberView('list');
    expect(rememberedView()).toBe('list');
  });
});
