import type { CharityRequestStatus } from '@foodbridge/shared/constants';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDate } from '@/lib/utils';
import { useTransactions } from '../api';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

// Every row is a fee already paid: the status is the charity role request's, and a bare 'Pending' beside an amount
// reads as a payment still going through.
const REQUEST_STATUS: Record<CharityRequestStatus, { label: string; tone: 'amber' | 'green' | 'red' }> = {
  pending: { label: 'Request pending', tone: 'amber' },
  approved: { label: 'Request approved', tone: 'green' },
  rejected: { label: 'Request rejected', tone: 'red' },
};

export function RequestStatusBadge({ status }: { status: CharityRequestStatus }) {
  const shown = REQUEST_STATUS[status] ?? { label: `Request ${status}`, tone: 'red' as const };
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

export function TransactionHistory() {
  const { data, error, loading, reload } = useTransactions();
  return (
    <section>
      <PageHeader title="Transaction History" description="Fees paid for charity role requests, and where each request stands." />
      {loading && !data ? (
        <TableSkeleton rows={4} />
      ) : error && !data ? (
        <ErrorState message="Failed to load transactions." onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState message="No transactions found." />
      ) : (
        <>
          {/* Phones get one card per payment; five columns would only scroll sideways at 360 px. */}
          <ul className="flex flex-col gap-3 sm:hidden">
            {data.map((t) => (
              <li key={t.transactionId} className="rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-lg font-bold">
                    {money.format(t.amount)} <span className="text-sm font-normal text-muted-foreground">paid</span>
                  </span>
                  <RequestStatusBadge status={t.status} />
                </div>
                <p className="mt-1 font-medium">
                  <span className="sr-only">Organization: </span>
                  {t.organization}
                </p>
                <dl className="mt-2 space-y-1 text-sm">
                  <div className="flex gap-2">
                    <dt className="text-muted-foreground">Requested on</dt>
                    <dd>{formatDate(t.requestDate)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Transaction ID</dt>
                    <dd className="break-all font-mono text-xs">{t.transactionId}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table>
              <caption className="sr-only">Your transactions</caption>
              <THead>
                <TR>
                  <TH>Transaction ID</TH>
                  <TH>Amount</TH>
                  <TH>Organization</TH>
                  <TH>Request date</TH>
                  <TH>Request status</TH>
                </TR>
              </THead>
              <TBody>
                {data.map((t) => (
                  <TR key={t.transactionId}>
                    <TD className="max-w-[14rem] break-all font-mono text-xs">{t.transactionId}</TD>
                    <TD>
                      <span className="font-medium">{money.format(t.amount)}</span> <span className="text-muted-foreground">paid</span>
                    </TD>
                    <TD>{t.organization}</TD>
                    <TD>{formatDate(t.requestDate)}</TD>
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
