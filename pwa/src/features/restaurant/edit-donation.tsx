import { Link, useNavigate } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/badge';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { apiPath } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import { updateDonation } from './api';
import { DonationForm, type DonationValues } from './donation-form';
import { canEdit, lockReason, reverifyFields } from './donation-status';

/** /edit-donation/{id}: the add form prefilled; refused once the donation is rejected or taken by a charity. */
export function EditDonation({ id }: { id: string }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const email = useSession((s) => s.user?.email);
  const { data, error, loading, reload } = useApi(apiPath('GET /donations/{id}', { params: { id } }));

  async function save(values: DonationValues): Promise<boolean> {
    try {
      const sentBack = data ? reverifyFields(data, values).length > 0 : false;
      await updateDonation(id, values);
      if (sentBack) notify.success(i18n._('restaurant.editDonation.updatedTitle'), i18n._('restaurant.editDonation.sentBack'));
      else notify.success(i18n._('restaurant.editDonation.updatedTitle'), i18n._('restaurant.editDonation.updated'));
      void navigate({ to: '/dashBoard/myDonations' });
    } catch (err) {
      notify.error(i18n._('restaurant.editDonation.errorTitle'), errorMessage(err, i18n._('restaurant.editDonation.failed')));
    }
    return false;
  }

  const back = (
    <Link to="/dashBoard/myDonations" className={buttonVariants({ variant: 'outline' })}>
      {i18n._('restaurant.editDonation.back')}
    </Link>
  );

  let body: ReactNode;
  if (loading && !data) {
    body = (
      <Card aria-busy="true" aria-label={i18n._('restaurant.editDonation.loading')}>
        <CardContent className="space-y-4 pt-5">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-2/3" />
        </CardContent>
      </Card>
    );
  } else if (error || !data) {
    body = <ErrorState message={i18n._('restaurant.editDonation.loadFailed')} onRetry={reload} />;
  } else if (email && data.restaurantEmail.toLowerCase() !== email.toLowerCase()) {
    body = <Refusal message={i18n._('restaurant.editDonation.notYours')} />;
  } else if (!canEdit(data)) {
    body = <Refusal message={lockReason(i18n, data)} status={data.status} />;
  } else {
    body = (
      <Card>
        <CardContent className="pt-5">
          <DonationForm key={data._id} initial={data} submitLabel={i18n._('restaurant.editDonation.submit')}
            busyLabel={i18n._('restaurant.editDonation.submitting')}
            onSubmit={save} />
        </CardContent>
      </Card>
    );
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader title={i18n._('restaurant.editDonation.title')} description={data ? data.title : i18n._('restaurant.editDonation.intro')}>
        {back}
      </PageHeader>
      {body}
    </section>
  );
}

function Refusal({ message, status }: { message: string; status?: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-border bg-white px-6 py-12 text-center">
      <Lock className="size-10 text-stone-400" aria-hidden />
      {status && <StatusBadge status={status} />}
      <p className="max-w-md text-stone-700">{message}</p>
    </div>
  );
}
