import { Link } from '@tanstack/react-router';

/** The two-tone wordmark: "Food" + "Bridge". */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight sm:text-2xl ${className}`} aria-label="FoodBridge home">
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span>
        <span className="text-brand-800">Food</span>
        <span className="text-accent-600">Bridge</span>
      </span>
    </Link>
  );
}
