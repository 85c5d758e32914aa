import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { TransactionHistory } from '@/features/account/components/transaction-history';

export const Route = createFileRoute('/dashBoard/transactionHistory')({
  component: () => (
    <RequireAuth>
      <TransactionHistory />
    </RequireAuth>
  ),
});
