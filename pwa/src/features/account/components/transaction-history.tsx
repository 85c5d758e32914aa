import type { I18n } from '@lingui/core';
import type { CharityRequestStatus } from '@foodbridge/shared/constants';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useI18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/utils';
import { useTransactions } from '../api';

/** Dollars as '$25.00' in English; the narrow symbol keeps en-GB from saying 'US$'. */
const money = (i18n: I18n, amount: number) => i18n.number(amount, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });

// Every row is a fee already paid: the status is the charity role request's, and a bare 'Pending' beside an amount
// reads as a payment still going through.
const REQUEST_STATUS: Record<CharityRequestStatus, { label: string; tone: 'amber' | 'green' | 'red' }> = {
  pending: { label: /*i18n*/ 'transactions.status.pending', tone: 'amber' },
  approved: { label: /*i18n*/ 'transactions.status.approved', tone: 'green' },
  rejected: { label: /*i18n*/ 'transactions.status.rejected', tone: 'red' },
};

export function RequestStatusBadge({ status }: { status: CharityRequestStatus }) {
  const i18n = useI18n();
  const shown = REQUEST_STATUS[status];
  if (!shown) return <Badge tone="red">{i18n._('transactions.status.other', { status })}</Badge>;
  return <Badge tone={shown.tone}>{i18n._(shown.label)}</Badge>;
}

export function TransactionHistory() {
  const i18n = useI18n();
  const { data, error, loading, reload } = useTransactions();
  return (
    <section>
      <PageHeader title={i18n._('transactions.title')} description={i18n._('transactions.description')} />
      {loading && !data ? (
        <TableSkeleton rows={4} />
      ) : error && !data ? (
        <ErrorState message={i18n._('transactions.failed')} onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState message={i18n._('transactions.empty')} />
      ) : (
        <>
          {/* Phones get one card per payment; five columns would only scroll sideways at 360 px. */}
          <ul className="flex flex-col gap-3 sm:hidden">
            {data.map((t) => (
              <li key={t.transactionId} className="rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-lg font-bold">
                    {money(i18n, t.amount)} <span className="text-sm font-normal text-muted-foreground">{i18n._('transactions.paid')}</span>
                  </span>
                  <RequestStatusBadge status={t.status} />
                </div>
                <p className="mt-1 font-medium">
                  <span className="sr-only">{i18n._('transactions.organizationPrefix')}</span>
                  {t.organization}
                </p>
                <dl className="mt-2 space-y-1 text-sm">
                  <div className="flex gap-2">
                    <dt className="text-muted-foreground">{i18n._('transactions.requestedOn')}</dt>
                    <dd>{formatDate(t.requestDate, i18n)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{i18n._('transactions.id')}</dt>
                    <dd className="break-all font-mono text-xs">{t.transactionId}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table>
              <caption className="sr-only">{i18n._('transactions.caption')}</caption>
              <THead>
                <TR>
                  <TH>{i18n._('transactions.id')}</TH>
                  <TH>{i18n._('transactions.amount')}</TH>
                  <TH>{i18n._('transactions.organization')}</TH>
                  <TH>{i18n._('transactions.requestDate')}</TH>
                  <TH>{i18n._('transactions.requestStatus')}</TH>
                </TR>
              </THead>
              <TBody>
                {data.map((t) => (
                  <TR key={t.transactionId}>
                    <TD className="max-w-[14rem] break-all font-mono text-xs">{t.transactionId}</TD>
                    <TD>
                      <span className="font-medium">{money(i18n, t.amount)}</span> <span className="text-muted-foreground">{i18n._('transactions.paid')}</span>
                    </TD>
                    <TD>{t.organization}</TD>
                    <TD>{formatDate(t.requestDate, i18n)}</TD>
                    <TD>
                      <RequestStatusBadge status={t.status} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}
