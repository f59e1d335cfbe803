import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { DB } from './db/schema';
import type { EventBus } from './events/bus';
import type { JobQueue } from './jobs/queue';
import type { Scheduler } from './jobs/scheduler';
import type { Clock } from './lib/clock';
import type { RedisLink } from './lib/redis';
import type { Secrets } from './lib/secrets';
import type { Mailer } from './mail/mailer';
import type { Hub } from './realtime/hub';

/** What every module's service needs, built once by buildApp and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  secrets: Secrets;
  mailer: Mailer;
  /** Set with REDIS_URL: the connections behind the hub, presence and rate limits. */
  redis: RedisLink | undefined;
  hub: Hub;
  clock: Clock;
  /** Periodic database-driven jobs; modules register theirs in buildApp. */
  jobs: Scheduler;
  /** Durable jobs (docs/jobs.md): broadcasts, automatic messages, whatever must not be lost. */
  queue: JobQueue;
  /** Domain events (docs/architecture.md, "Domain events"): what a write did, told after it commits. */
  events: EventBus;
}
