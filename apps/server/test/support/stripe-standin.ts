import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A stand-in for the parts of Stripe's API Parlor calls, on 127.0.0.1, for the official SDK pointed
// at it with its host/port/protocol options (STRIPE_API_URL). It keeps customers, checkout
// sessions, payment methods, payment intents and refunds in memory, serves a hosted payment page
// for the browser, and delivers webhooks signed with the SDK's own test header helper.

export const STANDIN_SECRET_KEY = 'sk_test_parlor_standin';
export const STANDIN_WEBHOOK_SECRET = 'whsec_parlor_standin';

type Obj = Record<string, unknown>;

/** Reads `a[b][0][c]=v` form bodies (as the SDK encodes them) into nested objects. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Obj;
      }
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export interface StripeStandin {
  url: string;
  /** Every API call Parlor made: method, path, parsed body. */
  calls: { method: string; path: string; body: Obj }[];
  sessions: Map<string, Obj>;
  intents: Map<string, Obj>;
  /** Where webhooks go (Parlor's /v1/payment/webhook/stripe); set before the browser pays. */
  webhookUrl: string | undefined;
  /** Payment methods whose off-session charges are declined, with this decline code. */
  declines: Map<string, string>;
  /**
   * Pays a checkout session as the hosted page does: a payment intent on a new card (saved on the
   * customer when the session asked), the session marked paid. Answers the events Stripe sends.
   */
  pay(sessionId: string): { intent: Obj; events: Stripe.Event[] };
  /** A signed event as Stripe would post it, for `type` about `object`. */
  event(type: string, object: Obj): Stripe.Event;
  /** The body and Stripe-Signature header of an event; `secret`/`timestamp` to forge or age it. */
  sign(
    event: Stripe.Event,
    options?: { secret?: string; timestamp?: number },
  ): { body: string; signature: string };
  /** Posts an event to `webhookUrl`, signed; answers Parlor's status. */
  deliver(event: Stripe.Event): Promise<number>;
  /** A charge as charge.refunded / charge.dispute.created carry it. */
  charge(intentId: string, refundedCents?: number): Obj;
  close(): Promise<void>;
}

export async function startStripeStandin(options: { port?: number; webhookUrl?: string } = {}) {
  const stripe = new Stripe(STANDIN_SECRET_KEY);
  const calls: StripeStandin['calls'] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const methods = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const declines = new Map<string, string>();

  const newMethod = (customer: string | null) => {
    const pm: Obj = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      billing_details: { name: 'Stand-in Fan' },
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: 'fp_standin_4242',
      },
    };
    methods.set(pm.id as string, pm);
    return pm;
  };

  function event(type: string, object: Obj): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
  }

  function sign(e: Stripe.Event, o: { secret?: string; timestamp?: number } = {}) {
    const body = JSON.stringify(e);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: o.secret ?? STANDIN_WEBHOOK_SECRET,
      ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}),
    });
    return { body, signature };
  }

  const standin: StripeStandin = {
    url: '',
    calls,
    sessions,
    intents,
    webhookUrl: options.webhookUrl,
    declines,
    event,
    sign,
    async deliver(e) {
      if (!standin.webhookUrl) throw new Error('no webhook URL');
      const { body, signature } = sign(e);
      const res = await fetch(standin.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      return res.status;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const pid = (session.payment_intent_data ?? {}) as Obj;
      const save = pid.setup_future_usage === 'off_session';
      const pm = newMethod(save ? (session.customer as string) : null);
      const intent: Obj = {
        id: id('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        currency: 'usd',
        status: 'succeeded',
        customer: session.customer,
        payment_method: pm.id,
        metadata: pid.metadata ?? {},
        latest_charge: id('ch'),
      };
      intents.set(intent.id as string, intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
      return {
        intent,
        events: [
          event('checkout.session.completed', { ...session }),
          event('payment_intent.succeeded', { ...intent }),
        ],
      };
    },
    charge(intentId, refundedCents = 0) {
      const intent = intents.get(intentId)!;
      return {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refundedCents,
        refunded: refundedCents >= (intent.amount as number),
        payment_intent: intent.id,
        metadata: intent.metadata,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function api(method: string, path: string, body: Obj, query: URLSearchParams): [number, Obj] {
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(c.id, c);
      return [200, c];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items ?? {}) as Record<string, Obj>;
      const first = items['0'] ?? {};
      const price = (first.price_data ?? {}) as Obj;
      const total = Number(price.unit_amount) * Number(first.quantity ?? 1);
      const s: Obj = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        amount_total: total,
        currency: 'usd',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        payment_intent: null,
        payment_intent_data: body.payment_intent_data ?? {},
      };
      s.url = `${standin.url}/pay/${s.id}`;
      sessions.set(s.id as string, s);
      const { payment_intent_data: _p, ...shown } = s;
      return [200, shown];
    }
    const intentMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent)
        return [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
      const expand = [...query.entries()].some(([k, v]) => k.startsWith('expand') && v === 'payment_method');
      return [
        200,
        expand ? { ...intent, payment_method: methods.get(intent.payment_method as string) } : intent,
      ];
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = methods.get(body.payment_method as string);
      if (!pm || pm.customer !== body.customer)
        return [400, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } }];
      const decline = declines.get(pm.id as string);
      if (decline)
        return [
          402,
          {
            error: {
              type: 'card_error',
              code: decline === 'authentication_required' ? decline : 'card_declined',
              decline_code: decline,
              message: 'Your card was declined.',
            },
          },
        ];
      const intent: Obj = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        status: 'succeeded',
        customer: body.customer,
        payment_method: pm.id,
        off_session: body.off_session === 'true',
        metadata: body.metadata ?? {},
        latest_charge: id('ch'),
      };
      intents.set(intent.id as string, intent);
      return [200, intent];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(body.payment_intent as string);
      if (!intent)
        return [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
      return [
        200,
        {
          id: id('re'),
          object: 'refund',
          amount: Number(body.amount),
          payment_intent: intent.id,
          status: 'succeeded',
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  /** The hosted page: a pay button that settles the session, sends its webhooks, and returns the browser. */
  async function page(method: string, sessionId: string, res: http.ServerResponse) {
    const session = sessions.get(sessionId);
    if (!session) {
      res.writeHead(404).end('no such session');
      return;
    }
    if (method === 'POST') {
      if (session.payment_status !== 'paid') {
        const { events } = standin.pay(sessionId);
        for (const e of events) await standin.deliver(e);
      }
      res.writeHead(303, { location: session.success_url as string }).end();
      return;
    }
    const amount = `$${(Number(session.amount_total) / 100).toFixed(2)}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stand-in Checkout</title></head>
<body style="font-family:system-ui;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f9fc">
<main style="background:#fff;padding:32px;border-radius:12px;box-shadow:0 4px 20px #0002;max-width:360px;width:calc(100% - 32px);box-sizing:border-box">
<h1 style="font-size:20px">Stand-in Checkout</h1><p>Pay ${amount} to Parlor</p>
<form method="post"><button type="submit" style="width:100%;padding:12px;font-size:16px">Pay ${amount}</button></form>
<p><a href="${String(session.cancel_url).replace(/"/g, '&quot;')}">Cancel</a></p></main></body></html>`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
      if (pay) {
        void page(req.method ?? 'GET', pay[1]!, res).catch(() => res.writeHead(500).end());
        return;
      }
      if (req.headers.authorization !== `Bearer ${STANDIN_SECRET_KEY}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }));
        return;
      }
      const body = parseForm(raw);
      calls.push({ method: req.method ?? '', path: url.pathname, body });
      const [status, answer] = api(req.method ?? '', url.pathname, body, url.searchParams);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  standin.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standin;
}
