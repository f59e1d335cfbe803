import {
  CREDIT_PACKAGES,
  CreditPackageList,
  CryptoTopUpRequest,
  CryptoTopUpResponse,
  DeleteCardQuery,
  PaymentRequest,
  PaymentResponse,
  SavedCardList,
} from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { deleteCard, listCards } from './cards';
import { cryptoTopUp } from './crypto';
import { pay } from './service';
import { registerThreeDsRoutes } from './three-ds';

/** Credit packages, card payments (with the sandbox 3-D Secure page), crypto top-up, saved cards. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/credit-packages', { schema: { response: { 200: CreditPackageList } } }, async () => ({
    data: [...CREDIT_PACKAGES],
  }));

  r.post(
    '/v1/payment',
    { schema: { body: PaymentRequest, response: { 200: PaymentResponse } } },
    async (request) => pay(ctx, requireUser(request).user, request.body),
  );

  r.post(
    '/v1/payment/crypto',
    { schema: { body: CryptoTopUpRequest, response: { 200: CryptoTopUpResponse } } },
    async (request) => cryptoTopUp(ctx, requireUser(request).user, request.body),
  );

  r.get('/v1/cc', { schema: { response: { 200: SavedCardList } } }, async (request) =>
    listCards(ctx, requireUser(request).user.id),
  );

  r.delete(
    '/v1/cc',
    { schema: { querystring: DeleteCardQuery, response: { 200: SavedCardList } } },
    async (request) => deleteCard(ctx, requireUser(request).user.id, request.query.id),
  );

  registerThreeDsRoutes(app, ctx);
}
