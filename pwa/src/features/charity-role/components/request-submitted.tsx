import { Clock3 } from 'lucide-react';
import type { CharityRequestPublic } from '@foodbridge/shared/schemas/charity-request';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useI18n } from '@/lib/i18n/i18n';
import { charityRequestStatusLabel } from '@/lib/labels';
import { formatDate } from '@/lib/utils';

/** The open request: what anyone may see of it is all this says (status, organization, day). */
export function RequestSubmitted({ request }: { request: CharityRequestPublic }) {
  const i18n = useI18n();
  return (
    <Card className="mx-auto flex w-full max-w-xl flex-col items-center gap-3 p-6 text-center sm:p-8">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-100 text-accent-700">
        <Clock3 className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-bold text-stone-900">{i18n._('charityRole.submitted.title')}</h2>
      <p className="text-muted-foreground">{i18n._('charityRole.submitted.text')}</p>
      <dl className="mt-2 grid w-full grid-cols-1 gap-3 rounded-lg bg-muted p-4 text-start text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{i18n._('charityRole.submitted.status')}</dt>
          <dd className="mt-0.5">
            <StatusBadge status={request.status} label={charityRequestStatusLabel(i18n, request.status)} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{i18n._('charityRole.submitted.organization')}</dt>
          <dd className="mt-0.5 break-words font-medium">{request.organization}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{i18n._('charityRole.submitted.on')}</dt>
          <dd className="mt-0.5 font-medium">{formatDate(request.requestedAt, i18n)}</dd>
        </div>
      </dl>
    </Card>
  );
}
