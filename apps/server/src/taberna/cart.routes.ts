import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyDiscountSchema,
  addToCartRequestSchema,
  addToCartResponseSchema,
  cartQuerySchema,
  cartSchema,
  cartViewQuerySchema,
  messageSchema,
  shippingOptionListSchema,
  shippingOptionsQuerySchema,
} from '@portal/contracts';
import { errorShape } from '../core/error-shapes.js';
import { errorResponses } from '../core/openapi-responses.js';
import { errorKeyShape } from '../core/validation-shape.js';
import type { CartCaller, CartService } from './cart.service.js';

const id = z.coerce.number({ error: 'A valid integer is required.' }).int().positive().max(2_147_483_647);
const lineParams = z.object({ productId: id, cartItemId: id });
const caller = (request: FastifyRequest, cartId: string | null): CartCaller => ({
  accountId: request.user?.accountId ?? null,
  cartId,
});

export async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['taberna cart'];
  const config = { validationShape: errorKeyShape() };

  api.get('/taberna-cart/api/cart/', {
    config,
    schema: {
      tags,
      summary:
        "The caller's cart (a customer's own, or the guest cart of `cart_id`), with totals and tax from current prices; `country` taxes it at that delivery country's rate, `shipping_rate_id` adds that rate's `shipping_total`",
      querystring: cartViewQuerySchema,
      response: { 200: cartSchema, ...errorResponses(400, 401) },
    },
    handler: (request) => {
      const { cart_id, country, shipping_rate_id } = request.query;
      return cart.view(caller(request, cart_id), { country, shippingRateId: shipping_rate_id });
    },
  });

  api.get('/taberna-cart/api/shipping-options/', {
    config,
    schema: {
      tags,
      summary:
        "The shipping rates of a delivery country (its zone's, else the rest of the world's; none when the shop does not ship there), priced for the caller's cart: 0.00 at or above a rate's free_over",
      querystring: shippingOptionsQuerySchema,
      response: { 200: shippingOptionListSchema, ...errorResponses(400, 401) },
    },
    handler: (request) => cart.shippingOptions(caller(request, request.query.cart_id), request.query.country),
  });

  api.post('/taberna-cart/api/discount/', {
    config,
    schema: {
      tags,
      summary:
        "Issue 28: apply a discount code (any case) to the caller's cart; the answer is the cart with `discount: {code, amount}`, `tax` and `grand_total` after it. 400 under `code` when it is unknown, not yet valid, expired, below its minimum subtotal, used up or already used by this customer",
      body: applyDiscountSchema,
      response: { 200: cartSchema, ...errorResponses(400, 401) },
    },
    handler: (request) => cart.applyDiscount(caller(request, request.body.cart_id ?? null), request.body.code),
  });

  api.delete('/taberna-cart/api/discount/', {
    config,
    schema: {
      tags,
      summary: "Issue 28: take the discount code off the caller's cart; the answer is the cart without it",
      querystring: cartQuerySchema,
      response: { 200: cartSchema, ...errorResponses(400, 401) },
    },
    handler: (request) => cart.removeDiscount(caller(request, request.query.cart_id)),
  });

  api.post('/taberna-cart/api/add-to-cart/:productId/', {
    config,
    schema: {
      tags,
      summary: 'Add one of a product in a colour and size; the same choice again adds to its line; never above stock',
      params: z.object({ productId: id }),
      body: addToCartRequestSchema,
      response: { 200: addToCartResponseSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => {
      const { color, size, cart_id } = request.body;
      const cartId = await cart.add(caller(request, cart_id), request.params.productId, { color, size });
      return { message: 'Product added to cart successfully', cart_id: cartId };
    },
  });

  // Removing is hand-written: a missing line is `{"error"}` too.
  api.delete('/taberna-cart/api/cart-remove/:productId/:cartItemId/', {
    config: { ...config, errorShape },
    schema: {
      tags,
      summary: 'One less of a cart line (the line goes at zero)',
      params: lineParams,
      querystring: cartQuerySchema,
      response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      await cart.removeOne(caller(request, request.query.cart_id), request.params.productId, request.params.cartItemId);
      return { message: 'Item removed from cart' };
    },
  });

  api.delete('/taberna-cart/api/cart-item-remove/:productId/:cartItemId/', {
    config: { ...config, errorShape },
    schema: {
      tags,
      summary: 'Remove a whole cart line',
      params: lineParams,
      querystring: cartQuerySchema,
      response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      await cart.removeLine(caller(request, request.query.cart_id), request.params.productId, request.params.cartItemId);
      return { message: 'Cart item deleted successfully' };
    },
  });
}
