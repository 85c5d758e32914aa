import type { Sql, TxSql } from './connection.ts';

export interface PaymentRow {
  payment_intent_id: string;
  user_id: string;
  email: string;
  amount: number;
  currency: string;
  mode: 'stripe' | 'test';
  status: string;
  /** Left null: the secret is handed to the client only, never kept. */
  client_secret: string | null;
  created_at: Date;
  used_at: Date | null;
}

/** `createdAt` and `usedAt` are the demo seed's, whose charity requests come with their payments already spent. */
export async function recordPaymentIntent(
  sql: Sql | TxSql,
  p: {
    id: string;
    userId: string;
    email: string;
    amount: number;
    currency: string;
    mode: 'stripe' | 'test';
    status: string;
    createdAt?: Date;
    usedAt?: Date;
  },
): Promise<void> {
  await sql`
    INSERT INTO payments (payment_intent_id, user_id, email, amount, currency, mode, status, created_at, used_at)
    VALUES (${p.id}, ${p.userId}, ${p.email}, ${p.amount}, ${p.currency}, ${p.mode}, ${p.status},
            ${p.createdAt ?? sql`DEFAULT`}, ${p.usedAt ?? null})
    ON CONFLICT (payment_intent_id) DO UPDATE SET status = EXCLUDED.status`;
}

export async function findPaymentIntent(sql: Sql, id: string): Promise<PaymentRow | undefined> {
  const [row] = await sql<PaymentRow[]>`SELECT * FROM payments WHERE payment_intent_id = ${id}`;
  return row;
}

/** Test mode only: the owner "pays" an intent. Returns false if it is not theirs or not a test intent. */
export async function confirmTestPayment(sql: Sql, id: string, userId: string): Promise<boolean> {
  const r = await sql`
    UPDATE payments SET status = 'succeeded'
    WHERE payment_intent_id = ${id} AND user_id = ${userId} AND mode = 'test'`;
  return r.count === 1;
}

/**
 * Marks a verified intent as spent, inside the transaction that saves what it paid for. Returns false if it was
 * spent before: a PaymentIntent pays for one charity request, ever.
 */
export async function spendPayment(
  tx: TxSql,
  p: { id: string; userId: string; email: string; amount: number; currency: string; mode: 'stripe' | 'test'; status: string },
): Promise<boolean> {
  await tx`
    INSERT INTO payments (payment_intent_id, user_id, email, amount, currency, mode, status)
    VALUES (${p.id}, ${p.userId}, ${p.email}, ${p.amount}, ${p.currency}, ${p.mode}, ${p.status})
    ON CONFLICT (payment_intent_id) DO NOTHING`;
  const r = await tx`
    UPDATE payments SET used_at = now(), status = ${p.status}
    WHERE payment_intent_id = ${p.id} AND used_at IS NULL`;
  return r.count === 1;
}
