// Outlines from Lucide (ISC licence), drawn inline: lucide-react's shared icon factory and one chunk per icon cost
// the budget-bound home page about 2.5 kB gzipped more than these few paths.

function icon(d: string) {
  return function Icon({ className }: { className?: string }) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        className={className}
      >
        <path d={d} />
      </svg>
    );
  };
}

export const ChevronLeft = icon('m15 18-6-6 6-6');
export const ChevronRight = icon('m9 18 6-6-6-6');
export const Pause = icon('M14 4h4v16h-4zM6 4h4v16H6z');
export const Play = icon('M5 5a2 2 0 0 1 3-1.7l12 7a2 2 0 0 1 0 3.4l-12 7A2 2 0 0 1 5 19z');
export const ArrowRight = icon('M5 12h14m-7-7 7 7-7 7');
export const MapPin = icon(
  'M20 10c0 5-5.5 10.2-7.4 11.8a1 1 0 0 1-1.2 0C9.5 20.2 4 15 4 10a8 8 0 0 1 16 0M9 10a3 3 0 1 0 6 0 3 3 0 1 0-6 0',
);
export const Store = icon(
  'M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05M2.5 7l3-4.1A2 2 0 0 1 7 2h10a2 2 0 0 1 1.7.9L21.5 7a2.5 2.5 0 0 1-3.7 3.3 1.1 1.1 0 0 0-1.6 0 2.5 2.5 0 0 1-3.4 0 1.1 1.1 0 0 0-1.6 0 2.5 2.5 0 0 1-3.4 0 1.1 1.1 0 0 0-1.6 0A2.5 2.5 0 0 1 2.5 7',
);
export const Scale = icon('M12 3v18M7 21h10M3 7h1a17 17 0 0 0 8-2 17 17 0 0 0 8 2h1m-2 1 3 8a5 5 0 0 1-6 0zV7M5 8l3 8a5 5 0 0 1-6 0zV7');
export const Soup = icon(
  'M4 12a1 1 0 0 0-1 1.13A9 9 0 0 0 12 21a9 9 0 0 0 9-7.87A1 1 0 0 0 20 12zm15.5 0L22 6M7 21h10M6.25 3c.27.1.8.53.75 1.36-.06.83-.92 1.2-1 2.02-.05.78.34 1.24.74 1.62m4.5-5c.27.1.8.53.75 1.36-.05.83-.94 1.2-.99 2.02-.06.78.33 1.24.73 1.62m4.5-5c.27.1.8.53.75 1.36-.06.83-.92 1.2-1 2.02-.05.78.34 1.24.73 1.62',
);
export const Leaf = icon(
  'M11 20A7 7 0 0 1 9.8 6.1C13 5.5 15.8 5.5 18.2 2.4a1 1 0 0 1 1.76.33A25.9 25.9 0 0 1 21 10a10 10 0 0 1-10 10M2 21a5 5 0 0 1 2.9-4.54C7.6 15.2 8.35 15.24 11 13',
);
export const AlertTriangle = icon('m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3M12 9v4m0 4h.01');
export const Inbox = icon(
  'M22 12h-6l-2 3h-4l-2-3H2m3.45-6.89L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11',
);
