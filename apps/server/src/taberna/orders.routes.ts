import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingDefaultsSchema,
  billingFormSchema,
  chargeResponseSchema,
  checkoutSessionResponseSchema,
  FIELD_MESSAGES,
  messageSchema,
  orderListSchema,
  orderPageQuerySchema,
  paymentSessionRequestSchema,
  paymentSuccessResponseSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { requireUser } from '../core/auth-user.js';
import { Forbidden, Invalid } from '../core/domain-errors.js';
import { errorResponses } from '../core/openapi-responses.js';
import { errorKeyShape, type ValidationShape } from '../core/validation-shape.js';
import { deliveryAddress } from './billing-address.js';
import { PDF_BODY, sendPdf } from './invoice-reply.js';
import type { InvoicesService } from './invoices.service.js';
import type { OrdersService } from './orders.service.js';

/** Contract §8.10: billing form errors come as `{"errors": {"<field>": ["..."]}}`. */
const errorsShape: ValidationShape = (errors) => ({ errors });

interface Options {
  orders: OrdersService;
  invoices: InvoicesService;
  /** Origins the buyer may come back to after paying: the public URL and the CORS origins. */
  returnOrigins: string[];
}

const WEBHOOK_STATUS = { handled: 200, 'bad-signature': 400, 'unknown-session': 404 } as const;

export async function ordersRoutes(app: FastifyInstance, { orders, invoices, returnOrigins }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['taberna orders'];
  const base = '/taberna-orders/api/v1';

  /** The contract builds the return URLs from `Origin`; only known origins are used, else the public URL. */
  const returnBase = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return origin && returnOrigins.includes(origin) ? origin : returnOrigins[0]!;
  };

  const customer = async (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!(await orders.isCustomer(user.accountId)))
      throw new Forbidden('This account has no shop profile. Sign up to the shop first.');
    return user;
  };

  api.post(`${base}/place_order_stripe_session/`, {
    config: { auth: 'required', validationShape: errorsShape },
    schema: {
      tags,
      summary: 'Place an order from the cart (stock reserved) and open a payment page; answers its URL',
      body: billingFormSchema,
      response: { 200: checkoutSessionResponseSchema, ...errorResponses(400, 401, 403, 409, 503) },
    },
    handler: async (request) => {
      const user = await customer(request);
      return orders.placeWithSession(user.accountId, request.body, request.ip, returnBase(request));
    },
  });

  api.post(`${base}/place_order_stripe_charge/`, {
    config: { auth: 'required', validationShape: errorsShape },
    schema: {
      tags,
      summary: 'Place an order and charge a card token at once',
      body: billingFormSchema,
      response: { 201: chargeResponseSchema, ...errorResponses(400, 401, 403, 409, 503) },
    },
    handler: async (request, reply) => {
      const user = await customer(request);
      const token = request.body.stripe_token?.trim();
      if (!token) throw Invalid.fields({ stripe_token: [FIELD_MESSAGES.required] });
      return reply.status(201).send(await orders.placeWithCharge(user.accountId, request.body, token, request.ip));
    },
  });

  api.post(`${base}/order_payment_success/`, {
    config: { validationShape: errorKeyShape() },
    schema: {
      tags,
      summary: 'The buyer is back from the payment page: complete the order if the provider says it is paid',
      body: paymentSessionRequestSchema,
      response: { 200: paymentSuccessResponseSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: (request) => orders.paymentSucceeded(request.body.stripe_session_id),
  });

  api.post(`${base}/order_payment_failed/`, {
    config: { auth: 'required', validationShape: errorKeyShape() },
    schema: {
      tags,
      summary: "The payment did not go through: cancel the caller's unpaid order and give its stock back",
      body: paymentSessionRequestSchema,
      response: { 200: messageSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => orders.paymentFailed(requireUser(request).accountId, request.body.stripe_session_id),
  });

  api.get('/taberna-profiles/api/v1/orders/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary:
        "The caller's paid orders, newest first, with lines and payment; all of them, or a page with page_size (and before)",
      querystring: orderPageQuerySchema,
      response: { 200: orderListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { page_size: size, before } = request.query;
      return orders.dashboard((await customer(request)).accountId, size === undefined ? undefined : { size, before });
    },
  });

  api.get('/taberna-profiles/api/v1/orders/:order_number/invoice/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary:
        "Issue 28: the invoice of one of the caller's paid orders, as a PDF (404 for another's order, 409 while it is unpaid)",
      params: z.object({ order_number: z.string().regex(/^\d{1,20}$/, 'An order number is 1 to 20 digits.') }),
      response: { 200: PDF_BODY, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request, reply) => {
      const user = await customer(request);
      return sendPdf(reply, await invoices.customerInvoice(user.accountId, request.params.order_number));
    },
  });

  api.get('/taberna-profiles/api/v1/billing/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "What the checkout form starts from: the customer's names, email and last billing and delivery addresses",
      response: { 200: billingDefaultsSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      const row = (await orders.billingOf((await customer(request)).accountId))!;
      return {
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        phone: row.phone,
        address_line_1: row.addressLine1,
        address_line_2: row.addressLine2,
        city: row.city,
        state: row.state,
        country: row.country,
        postal_code: row.postalCode,
        country_code: row.countryCode,
        shipping_address: deliveryAddress(row.shippingAddress),
      };
    },
  });

  // Stripe signs the exact bytes it sends, so this route reads the body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/taberna-orders/stripe_webhook/', {
      config: { auth: 'none' },
      schema: { tags, summary: 'Stripe webhook (signed): a paid Checkout Session completes its order' },
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const outcome = await orders.webhook(body, typeof signature === 'string' ? signature : undefined);
        // Contract §8.14: empty bodies; Stripe retries anything but a 2xx.
        return reply.status(WEBHOOK_STATUS[outcome]).send();
      },
    });
  });
}
