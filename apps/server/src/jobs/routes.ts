import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../plugins/endpoints';
import { jobsOverview } from './service';

/** Operators' view of the durable job queue. */
export function registerJobRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.adminJobs, () => jobsOverview(ctx));
}
