import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  created: number;
  livemode: false;
}

export interface StubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface StripeStub {
  /** Base URL for STRIPE_API_BASE. */
  url: string;
  intents: Map<string, StubIntent>;
  /** Every API call the SDK made, for asserting what was sent. */
  requests: StubRequest[];
  /** While true, every API call gets a 503, as during a Stripe outage. */
  unavailable: boolean;
  /** What Stripe does once the card payment goes through. */
  succeed(id: string): StubIntent;
  /** An intent our server did not create: another account's, or for another amount. */
  createIntent(p: { amount: number; currency?: string; email?: string; status?: string }): StubIntent;
  close(): Promise<void>;
}

/**
 * A local server that answers the few Stripe API calls the server makes, in Stripe's wire format (form-encoded
 * requests, JSON answers, Stripe's error envelope), so tests run the real `stripe` SDK end to end. The same test
 * hooks are reachable over HTTP (POST /_test/...) for tests that drive a running server from outside.
 */
export async function startStripeStub(): Promise<StripeStub> {
  const stub = { unavailable: false } as StripeStub;
  const intents = new Map<string, StubIntent>();
  const requests: StubRequest[] = [];
  // The SDK retries POSTs with the same Idempotency-Key; Stripe answers a replay with the first result.
  const idempotent = new Map<string, StubIntent>();

  function createIntent(p: { amount: number; currency?: string; email?: string; status?: string; metadata?: Record<string, string>; receiptEmail?: string }) {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: StubIntent = {
      id,
      object: 'payment_intent',
      amount: p.amount,
      currency: (p.currency ?? 'usd').toLowerCase(),
      status: p.status ?? 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: p.metadata ?? (p.email ? { email: p.email } : {}),
      receipt_email: p.receiptEmail ?? null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function succeed(id: string): StubIntent {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stripe stub: no intent ${id}`);
    intent.status = 'succeeded';
    return intent;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (path.startsWith('/_test/')) return handleTestHook(method, path, raw, res);

    if (stub.unavailable) {
      return stripeError(res, 503, { type: 'api_error', message: 'Stripe is temporarily unavailable.' });
    }

    const form = method === 'GET' ? Object.fromEntries(url.searchParams) : Object.fromEntries(new URLSearchParams(raw));
    requests.push({ method, path, authorization: req.headers.authorization, form });

    if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) {
      return stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    }

    if (method === 'POST' && path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay) return send(res, 200, replay);
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50 || !form.currency) {
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'amount',
          message: 'Amount must be at least $0.50 usd',
        });
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const intent = createIntent({ amount, currency: form.currency, metadata, receiptEmail: form.receipt_email });
      if (typeof key === 'string') idempotent.set(key, intent);
      return send(res, 200, intent);
    }

    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const id = decodeURIComponent(one[1]!);
      const intent = intents.get(id);
      if (!intent) return noSuchIntent(res, id);
      return send(res, 200, intent);
    }

    return stripeError(res, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function handleTestHook(method: string, path: string, raw: string, res: ServerResponse) {
    const succeedMatch = /^\/_test\/payment_intents\/([^/]+)\/succeed$/.exec(path);
    if (method === 'POST' && succeedMatch) {
      const id = decodeURIComponent(succeedMatch[1]!);
      if (!intents.has(id)) return noSuchIntent(res, id);
      return send(res, 200, succeed(id));
    }
    if (method === 'POST' && path === '/_test/payment_intents') {
      const body = (raw ? JSON.parse(raw) : {}) as { amount?: number; currency?: string; email?: string; status?: string };
      return send(res, 200, createIntent({ amount: body.amount ?? 2500, currency: body.currency, email: body.email, status: body.status }));
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unknown test hook' } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      stripeError(res, 500, { type: 'api_error', message: err instanceof Error ? err.message : String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    succeed,
    createIntent: (p) => createIntent(p),
    close: () =>
      new Promise<void>((resolve) => {
        // The SDK keeps sockets alive; without this, close() waits for them to time out.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies Omit<StripeStub, 'unavailable'>);
  return stub;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    // Like Stripe: client errors are final, so the SDK does not retry them.
    ...(status >= 400 && status < 500 ? { 'stripe-should-retry': 'false' } : {}),
  });
  res.end(text);
}

function stripeError(res: ServerResponse, status: number, error: { type: string; message: string; code?: string; param?: string }) {
  send(res, status, { error });
}

function noSuchIntent(res: ServerResponse, id: string) {
  stripeError(res, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'intent',
    message: `No such payment_intent: '${id}'`,
  });
}
