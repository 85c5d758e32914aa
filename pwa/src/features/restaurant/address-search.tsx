import { useId, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import type { GeocodeResult } from '@foodbridge/shared/schemas/geocode';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { call } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage } from '@/lib/notify';
import { useMapConfig } from '@/lib/map-config';

type Searching =
  | { state: 'idle' }
  | { state: 'picked'; label: string }
  | { state: 'busy' }
  | { state: 'found'; places: GeocodeResult[] }
  | { state: 'error'; message: string };

/**
 * 'Search address': finds places through the server's geocoder (GET /geocode) and hands the chosen one, its name and
 * point, to the form. Shown only when the server says it has a geocoder (GET /map/config); otherwise, and offline,
 * nothing changes and the point comes from the browser's location or typed numbers. It lives inside the form's own
 * <form>, so it is no form itself: Enter in its box searches instead of saving the form.
 */
export function AddressSearch({ idPrefix, onPick }: { idPrefix: string; onPick: (place: GeocodeResult) => void }) {
  const i18n = useI18n();
  const config = useMapConfig(true);
  const [q, setQ] = useState('');
  const [searching, setSearching] = useState<Searching>({ state: 'idle' });
  const statusId = useId();
  if (!config.data?.geocoder) return null;
  const id = `${idPrefix}-address-search`;

  async function search() {
    const text = q.trim();
    if (text.length < 3) {
      setSearching({ state: 'error', message: i18n._('restaurant.addressSearch.tooShort', { min: 3 }) });
      return;
    }
    setSearching({ state: 'busy' });
    try {
      setSearching({ state: 'found', places: await call('GET /geocode', { query: { q: text } }) });
    } catch (err) {
      setSearching({ state: 'error', message: errorMessage(err, i18n._('restaurant.addressSearch.failed')) });
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void search();
  }

  function pick(place: GeocodeResult) {
    onPick(place);
    setSearching({ state: 'picked', label: place.label });
    setQ('');
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{i18n._('restaurant.addressSearch.label')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={i18n._('restaurant.addressSearch.placeholder')}
          maxLength={200}
          autoComplete="off"
          aria-describedby={statusId}
        />
        <Button type="button" variant="outline" onClick={() => void search()} disabled={searching.state === 'busy'}>
          <Search aria-hidden /> {searching.state === 'busy' ? i18n._('restaurant.addressSearch.searching') : i18n._('restaurant.addressSearch.search')}
        </Button>
      </div>
      <div id={statusId} aria-live="polite" className="text-sm">
        {searching.state === 'picked' && <p className="text-muted-foreground">{i18n._('restaurant.addressSearch.picked', { place: searching.label })}</p>}
        {searching.state === 'error' && <p className="text-destructive">{searching.message}</p>}
        {searching.state === 'found' && searching.places.length === 0 && <p className="text-muted-foreground">{i18n._('restaurant.addressSearch.noneFound')}</p>}
      </div>
      {searching.state === 'found' && searching.places.length > 0 && (
        <ul aria-label={i18n._('restaurant.addressSearch.results')} className="flex flex-col gap-1">
          {searching.places.map((place) => (
            <li key={`${place.latitude},${place.longitude},${place.label}`}>
              <Button type="button" variant="ghost" className="h-auto w-full justify-start whitespace-normal text-start" onClick={() => pick(place)}>
                {place.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
