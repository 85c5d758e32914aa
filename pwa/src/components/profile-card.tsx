import type { ReactNode } from 'react';
import { imageUrl } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmailText } from '@/components/email-text';
import { useI18n } from '@/lib/i18n/i18n';
import { roleLabel } from '@/lib/labels';

const PLACEHOLDER = '/avatar-placeholder.svg';

export interface ProfileRow {
  label: string;
  /** Shown as 'Not Provided' when empty (spec: profile fields). */
  value: ReactNode;
}

/**
 * Every role's profile screen: photo (placeholder when missing or broken), name, role, e-mail and the role's own
 * rows. `actions` sits under the header (an Edit profile button, for instance).
 */
export function ProfileCard({
  photoURL,
  name,
  role,
  email,
  rows = [],
  actions,
}: {
  photoURL?: string | undefined;
  name: string;
  role: string;
  email: string;
  rows?: ProfileRow[];
  actions?: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <Card className="mx-auto w-full max-w-2xl overflow-hidden">
      <div className="h-24 bg-gradient-to-r from-brand-800 to-brand-600 sm:h-28 rtl:bg-gradient-to-l" aria-hidden />
      <div className="flex flex-col items-center gap-3 px-5 pb-6 text-center sm:flex-row sm:items-end sm:gap-5 sm:text-start">
        <img
          src={imageUrl(photoURL, 192) || PLACEHOLDER}
          onError={(e) => {
            const img = e.currentTarget;
            if (!img.src.endsWith(PLACEHOLDER)) img.src = PLACEHOLDER;
          }}
          alt={i18n._('profile.photoOf', { name })}
          width={112}
          height={112}
          className="-mt-14 size-28 shrink-0 rounded-full border-4 border-white bg-stone-100 object-cover shadow-md"
        />
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-2xl font-bold text-stone-900">{name}</h2>
          <p className="text-muted-foreground">
            <EmailText email={email} />
          </p>
          <Badge tone="green" className="mt-2 capitalize">
            {roleLabel(i18n, role)}
          </Badge>
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      {rows.length > 0 && (
        <dl className="grid grid-cols-1 gap-px border-t border-border bg-border sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label} className="bg-white px-5 py-4 sm:last:odd:col-span-2">
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{row.label}</dt>
              <dd className="mt-1 text-stone-900 [overflow-wrap:anywhere]">{isEmpty(row.value) ? i18n._('common.notProvided') : row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

function isEmpty(value: ReactNode): boolean {
  return value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');
}
