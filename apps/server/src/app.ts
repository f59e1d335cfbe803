import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { writeBackup } from './backup/backup';
import { listenForBackups } from './backup/socket';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { createEventBus } from './events/bus';
import { createJobQueue, jobsPurgeTask } from './jobs/queue';
import { registerJobRoutes } from './jobs/routes';
import { createScheduler } from './jobs/scheduler';
import { type Clock, systemClock } from './lib/clock';
import { connectRedis } from './lib/redis';
import { loadSecrets } from './lib/secrets';
import { createMailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';
import { deletionTask } from './modules/account/deletion';
import { passwordResetsPurgeTask } from './modules/account/password';
import { registerAccountRoutes } from './modules/account/routes';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerAutoMessageRoutes } from './modules/automessages/routes';
import { AUTO_MESSAGE_JOB, autoMessageJob, warmAutoMessageCache } from './modules/automessages/service';
import { registerAvatarRoutes } from './modules/avatars/routes';
import { registerBroadcastRoutes } from './modules/broadcasts/routes';
import { registerBroadcastStartJob } from './modules/broadcasts/schedule';
import { registerBroadcastJob } from './modules/broadcasts/service';
import { registerChatRoutes } from './modules/chats/routes';
import { registerDiscoverRoutes } from './modules/discover/routes';
import { discoverRankTask } from './modules/discover/service';
import { registerEarningsRoutes } from './modules/earnings/routes';
import { registerFeedPublishJob } from './modules/feed/publish';
import { registerFeedRoutes } from './modules/feed/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { idempotencyKeysPurgeTask } from './modules/ledger/idempotency';
import { platformRepository } from './modules/ledger/platform-repository';
import { registerAccountGuards, registerMaintenance } from './modules/lifecycle/hooks';
import { registerLifecycleRoutes } from './modules/lifecycle/routes';
import { registerListRoutes } from './modules/lists/routes';
import { registerMediaRoutes } from './modules/media/routes';
import { createMediaStorage } from './modules/media/storage';
import { selfDestructTask } from './modules/messages/purchases';
import { registerMessageRoutes } from './modules/messages/routes';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerPayoutRoutes } from './modules/payouts/routes';
import { registerProviderRoutes } from './modules/provider/routes';
import { registerPushRoutes } from './modules/push/routes';
import { registerReferenceRoutes } from './modules/reference/routes';
import { registerReferralRoutes } from './modules/referrals/routes';
import { referralCommissionsTask } from './modules/referrals/service';
import { registerReplyRoutes } from './modules/replies/routes';
import { registerAdminTwoFactorRule } from './modules/security/admin';
import { securityPurgeTask } from './modules/security/devices';
import { registerSecurityRoutes } from './modules/security/routes';
import { renewalTask } from './modules/subscriptions/renewal';
import { registerSubscriptionRoutes } from './modules/subscriptions/routes';
import { registerTeamActivity } from './modules/team/activity';
import { registerTeamRoutes } from './modules/team/routes';
import { registerTipRoutes } from './modules/tips/routes';
import { botCheckPurgeTask } from './modules/users/bot-check';
import { registerUserRoutes } from './modules/users/routes';
import { signInFailuresPurgeTask } from './modules/users/throttle';
import { logRequest, registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerConnectionLimits } from './plugins/connection-limits';
import { registerDrain } from './plugins/drain';
import { requireDeclaredRoutes } from './plugins/endpoints';
import { registerErrorHandler } from './plugins/errors';
import { registerJsonBody } from './plugins/json-body';
import { registerMetrics } from './plugins/metrics';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerStatic } from './plugins/static';
import { connectionJobs, createConnections } from './realtime/connections';
import { createLocalHub } from './realtime/hub';
import { createLocalPresence, createRedisPresence } from './realtime/presence';
import { createRedisHub } from './realtime/redis-hub';
import { registerRealtimeRoutes } from './realtime/routes';
import { subscribeToEvents } from './subscribers';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  clock?: Clock;
  /** Tests pass false to keep output quiet. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Adds hooks of the caller's before the server is ready (tests watch every answer). */
  hooks?: (app: FastifyInstance) => void;
}

/** 1 MiB of JSON is far above any request the spec describes; uploads have their own limit. */
const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole server without listening, so tests drive it through `inject` or a port of
 * their choosing. Opens the database and runs migrations; `app.close()` releases everything.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: logRequest },
            // logRequest leaves headers and bodies out; should a line carry them anyway, these stay out.
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers["access-token"]',
                'req.headers.cookie',
                'req.headers["x-two-factor-code"]',
                'req.body.code',
                '*.password',
                '*.access_token',
                // Two-factor sign-in: its secrets, codes and challenges (an error's `code` is no secret).
                '*.secret',
                '*.otpauth_url',
                '*.recovery_code',
                '*.recovery_codes',
                '*.challenge',
              ],
              censor: '[redacted]',
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Every request at info drowned what an operator needs (the demo logins, warnings): requests
    // are logged at debug, once each, when answered.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onRequest', async (request) => {
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = { res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    // A 503 is an answer by design (maintenance, the database away), its cause logged once.
    if (reply.statusCode >= 500 && reply.statusCode !== 503)
      request.log.warn({ req: request, ...entry }, 'request failed');
    else request.log.debug(entry, 'request completed');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerConnectionLimits(app, config.connections);
  // Before anything that closes: requests still running finish before the database goes.
  registerDrain(app);

  // External concerns first: database, body parsing, errors, security headers, rate limits.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: app.log,
  });
  await migrate(database);
  // The embedded database opens in this process only: backups of it are made here, on request.
  if (database.kind === 'pglite') {
    const backups = await listenForBackups(
      config,
      (out, signal) => writeBackup(database, config, out, { signal }),
      app.log,
    );
    app.addHook('preClose', () => backups.close());
  }
  await platformRepository.setFeePercent(database.db, config.platformFeePercent);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  const clock = options.clock ?? systemClock;
  const secrets = await loadSecrets(database.db);
  const queue = createJobQueue(database.db, clock, app.log, config.jobLeaseMs, database.availability);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    secrets,
    // Mail goes through the durable queue: a mail server that is down delays mail, loses none.
    mailer: createMailer({
      queue,
      db: database.db,
      transport: createMailTransport({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
      }),
      secret: secrets.mailKey,
      from: config.mailFrom,
      log: app.log,
    }),
    redis,
    hub: redis ? createRedisHub(redis, config.redisPrefix, app.log) : createLocalHub(),
    clock,
    jobs: createScheduler(database, () => clock.now(), app.log),
    queue,
    events: createEventBus(app.log),
  };
  app.decorate('ctx', ctx);
  await ctx.hub.ready;
  const connections = createConnections(
    ctx,
    redis ? createRedisPresence(redis.commands, config.redisPrefix) : createLocalPresence(),
    app.log,
  );
  app.addHook('preClose', async () => {
    await connections.close();
  });
  app.addHook('onClose', async () => {
    await ctx.events.settled();
    await ctx.jobs.stop();
    await ctx.queue.stop();
    await ctx.hub.close();
    await ctx.mailer.close();
    await redis?.close();
    await database.close();
  });

  registerJsonBody(app);
  registerErrorHandler(app, (error) => database.availability.failed(error));
  await registerSecurity(app, config);
  await registerCompression(app);
  await registerRateLimit(app, redis?.commands, config.redisPrefix);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // The app's own plugins, then the domain modules, each route declared in the contract's table.
  requireDeclaredRoutes(app);
  registerMaintenance(app, ctx);
  registerAuth(app, ctx);
  registerTeamActivity(app, ctx);
  registerAccountGuards(app, ctx);
  registerAdminTwoFactorRule(app, ctx);
  // Before the modules: it notes which of their routes are rate limited.
  registerReferenceRoutes(app);
  registerHealthRoutes(app, ctx);
  registerAvatarRoutes(app);
  registerDiscoverRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerSecurityRoutes(app, ctx);
  const vault = createMediaStorage(config);
  await registerAccountRoutes(app, ctx, createMediaStorage(config, 'avatars'), vault);
  await registerAdminRoutes(app, ctx, vault);
  registerProviderRoutes(app, ctx);
  registerChatRoutes(app, ctx);
  registerListRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  await registerMediaRoutes(app, ctx, vault);
  registerPaymentRoutes(app, ctx);
  registerTipRoutes(app, ctx);
  registerSubscriptionRoutes(app, ctx);
  registerFeedRoutes(app, ctx);
  registerBroadcastRoutes(app, ctx);
  registerAutoMessageRoutes(app, ctx);
  registerEarningsRoutes(app, ctx);
  registerPayoutRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
  registerLifecycleRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerReplyRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerRealtimeRoutes(app, ctx, connections);
  registerMetrics(app, ctx, connections);
  const push = registerPushRoutes(app, ctx, connections);
  await registerStatic(app, config.webDir);

  // Background work: registered here, once, rather than as a side effect of a module's routes.
  // The scheduler starts them when the server listens (main.ts); tests run them with runNow.
  const tasks = [
    selfDestructTask(ctx),
    renewalTask(ctx),
    deletionTask(ctx, vault),
    signInFailuresPurgeTask(ctx),
    idempotencyKeysPurgeTask(ctx),
    discoverRankTask(ctx),
    jobsPurgeTask(ctx.db),
    referralCommissionsTask(ctx),
    push.digestTask,
    ...connectionJobs(ctx, connections),
    passwordResetsPurgeTask(ctx),
    botCheckPurgeTask(ctx),
    securityPurgeTask(ctx),
  ];
  for (const task of tasks) ctx.jobs.register(task);
  subscribeToEvents(ctx, push.notices);
  // Durable jobs (docs/jobs.md): main.ts starts the queue; tests drain it.
  registerBroadcastJob(ctx);
  registerBroadcastStartJob(ctx);
  registerFeedPublishJob(ctx);
  ctx.queue.register(AUTO_MESSAGE_JOB, autoMessageJob(ctx));
  // The send path asks this in-process set which creators have first_message messages.
  const stopFollowingAutoMessages = await warmAutoMessageCache(ctx);
  app.addHook('onClose', async () => stopFollowingAutoMessages());

  options.hooks?.(app);
  await app.ready();
  return app;
}
