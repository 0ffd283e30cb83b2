import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testCardRequestSchema, testCardResponseSchema, testCheckoutSessionSchema } from '@portal/contracts';
import { NotFound } from '../core/domain-errors.js';
import { ApiError } from '../core/errors.js';
import { errorResponses } from '../core/openapi-responses.js';
import { PaymentError } from '../core/payments/payment-provider.js';
import type { TestCheckoutProvider } from '../core/payments/test-checkout.js';
import type { OrdersService } from './orders.service.js';

const NO_SESSION = 'No checkout session matches the given query.';
const params = z.object({ sessionId: z.string().min(1).max(80) });

/** The built-in test checkout's card page talks to these (only when Stripe is not configured). */
export async function testCheckoutRoutes(
  app: FastifyInstance,
  { provider, orders }: { provider: TestCheckoutProvider; orders: OrdersService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['taberna test checkout'];
  const base = '/taberna-orders/test-checkout/api';

  api.get(`${base}/:sessionId/`, {
    schema: {
      tags,
      summary: 'What a test checkout session asks to pay',
      params,
      response: { 200: testCheckoutSessionSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const session = await provider.view(request.params.sessionId);
      if (!session) throw new NotFound(NO_SESSION);
      return { ...session, cancel_url: session.cancelUrl };
    },
  });

  api.post(`${base}/:sessionId/pay/`, {
    schema: {
      tags,
      summary: 'Pay a test checkout session with a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
      params,
      body: testCardRequestSchema,
      response: { 200: testCardResponseSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (request) => {
      const { sessionId } = request.params;
      if (!(await provider.view(sessionId))) throw new NotFound(NO_SESSION);
      let result;
      try {
        result = await provider.pay(sessionId, request.body.card_number);
      } catch (error) {
        if (error instanceof PaymentError) throw new ApiError(400, { card_number: [error.message] });
        throw error;
      }
      if (!result)
        throw new ApiError(409, { error: 'This checkout session is closed: it was paid, declined, cancelled or it expired.' });
      if (result.outcome === 'paid') await orders.completeSession(sessionId);
      return { outcome: result.outcome, redirect_url: result.redirectUrl };
    },
  });
}
