import { timingSafeEqual } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import { failedJobs, queueDepth } from '../jobs/service';
import { notFound, unauthorized } from '../lib/errors';
import { signInPressure } from '../modules/users/throttle';
import { route } from './endpoints';

/** What the metrics need to read from this process's sockets. */
export interface SocketCounts {
  count(): number;
  has(userId: string): boolean;
}

const NEW_MESSAGE = '{"event":"new_message"';
const CREATED_AT = /"created_at":"([^"]+)"/;

/**
 * The Prometheus endpoint (docs/operations.md), off unless METRICS=true and then only for callers
 * with METRICS_TOKEN: request latency per route, open sockets, send-to-delivery latency, the durable
 * job queue's depth, age and failed jobs, mail tries, the database pool, free disk space under
 * DATA_DIR, and Node's own process figures. Off, `/metrics`
 * answers 404 like any unknown path and nothing is measured.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, sockets: SocketCounts) {
  const { metrics } = ctx.config;
  route(app, endpoints.metrics, async ({ request, reply }) => {
    if (!metrics) throw notFound();
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${metrics.token}`);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw unauthorized();
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  const registry = new Registry();
  if (!metrics) return;

  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'parlor_http_request_duration_seconds',
    help: 'HTTP request latency by route (the contract path) and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const path = request.routeOptions.url;
    // Unknown paths (404s of scanners) would make a label per path: one label for all of them.
    requests.observe(
      {
        method: request.method,
        route: path ?? 'unmatched',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'parlor_open_sockets',
    help: 'WebSockets open on this process',
    registers: [registry],
    collect() {
      this.set(sockets.count());
    },
  });

  const delivery = new Histogram({
    name: 'parlor_message_delivery_seconds',
    help: 'From a message being stored to its frame being written to a recipient socket on this process',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const delivered = new Counter({
    name: 'parlor_messages_delivered_total',
    help: 'new_message frames written to sockets on this process',
    registers: [registry],
  });
  // Registered after the sockets' own listener, so it runs once their frame is written.
  const unsubscribe = ctx.hub.subscribe((userId, frame) => {
    if (!frame.startsWith(NEW_MESSAGE) || !sockets.has(userId)) return;
    const at = CREATED_AT.exec(frame)?.[1];
    if (!at) return;
    delivered.inc();
    delivery.observe(Math.max(0, (Date.now() - Date.parse(at)) / 1000));
  });
  app.addHook('onClose', async () => unsubscribe());

  const { redis } = ctx;
  if (redis) {
    new Gauge({
      name: 'parlor_redis_up',
      help: 'Whether this process is connected to Redis (0: events reach this process only, presence and rate limits are per process)',
      registers: [registry],
      collect() {
        this.set(redis.up() ? 1 : 0);
      },
    });
  }
  // With the database away the queue's figures are left out and the rest still answers, so that
  // the outage itself shows (parlor_database_errors_total).
  const depth = () =>
    queueDepth(ctx).catch((err: unknown) => {
      if (ctx.database.availability.failed(err)) return [];
      throw err;
    });
  new Gauge({
    name: 'parlor_jobs_queued',
    help: 'Durable jobs due and waiting to run, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await depth()) this.set({ kind: q.kind }, q.queued);
    },
  });
  new Gauge({
    name: 'parlor_jobs_oldest_queued_seconds',
    help: 'How long the oldest due durable job of each kind has waited',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await depth()) this.set({ kind: q.kind }, q.oldestSeconds);
    },
  });
  new Counter({
    name: 'parlor_database_errors_total',
    help: 'Queries and connections that failed because the database could not be reached',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(ctx.database.availability.errorCount());
    },
  });
  // DATA_DIR itself (the outbox, PGlite's database) and the folders uploads write to, each of which
  // may be a disk of its own; media in a bucket takes no local disk.
  const folders = ctx.config.s3 ? ['.', 'tmp'] : ['.', 'tmp', 'media'];
  new Gauge({
    name: 'parlor_data_dir_free_bytes',
    help: 'Bytes free for this process on the disk of DATA_DIR and of its upload folders (tmp, media)',
    labelNames: ['folder'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const folder of folders) {
        // A folder not made yet (nothing uploaded so far) is on the disk of DATA_DIR.
        const disk = await fsp.statfs(path.join(ctx.config.dataDir, folder)).catch(() => null);
        if (disk) this.set({ folder }, disk.bavail * disk.bsize);
      }
    },
  });
  new Gauge({
    name: 'parlor_jobs_failed',
    help: 'Durable jobs that failed for good (every attempt spent) and are kept for operators, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await failedJobs(ctx)) this.set({ kind: f.kind }, f.count);
    },
  });

  const mailCounters = {
    sent: new Counter({
      name: 'parlor_mail_sent_total',
      help: 'Mails the mail server (or the outbox) accepted, by job kind, on this process',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    retry: new Counter({
      name: 'parlor_mail_retries_total',
      help: 'Tries of a mail that failed and will be retried, by job kind, on this process',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    failed: new Counter({
      name: 'parlor_mail_failed_total',
      help: 'Mails given up after their last try, by job kind, on this process',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
  };
  const stopObserving = ctx.mailer.observe((e) => mailCounters[e.outcome].inc({ kind: e.kind }));
  app.addHook('onClose', async () => stopObserving());

  new Gauge({
    name: 'parlor_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; the embedded database has one session)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = ctx.database.poolStats();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'parlor_sign_in_throttled',
    help: 'Sign-in failure counts now in force: accounts under attack, and addresses made to wait',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const counts = await signInPressure(ctx);
      this.set({ kind: 'accounts_under_attack' }, counts.accountsUnderAttack);
      this.set({ kind: 'addresses_waiting' }, counts.addressesWaiting);
    },
  });
}
