import { useState } from 'react';

export type Locating = 'idle' | 'asking' | 'refused' | 'unavailable';

/**
 * 'Use my current location': asks the browser for its position only when `locate` is called, and hands it over
 * rounded to about 10 cm (6 decimals; more would be noise). `locating` says whether it is being asked, was refused,
 * or is not to be had (no geolocation, no fix in time).
 */
export function useLocate(onPosition: (position: { lat: number; lng: number }) => void) {
  const [locating, setLocating] = useState<Locating>('idle');
  function locate() {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setLocating('unavailable');
      return;
    }
    setLocating('asking');
    geo.getCurrentPosition(
      (p) => {
        setLocating('idle');
        onPosition({ lat: Number(p.coords.latitude.toFixed(6)), lng: Number(p.coords.longitude.toFixed(6)) });
      },
      (err) => setLocating(err.code === err.PERMISSION_DENIED ? 'refused' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }
  return { locating, locate };
}
