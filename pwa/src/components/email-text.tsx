import { Fragment } from 'react';

// A part this short fits a line even in a 320 px card, so it is kept whole (not broken at a hyphen); a longer one
// wraps where it must.
const WHOLE_PART_MAX = 24;

/**
 * Where a long e-mail may wrap: after the @ and before each dot, the way style guides break addresses, so a line
 * never ends in the middle of a name. `overflow-wrap: anywhere` is the last resort for a part longer than a line.
 */
export function emailBreaks(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const parts = emailBreaks(email);
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part.length <= WHOLE_PART_MAX ? <span className="whitespace-nowrap">{part}</span> : part}
        </Fragment>
      ))}
    </span>
  );
}
