import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { tabernaCategories, tabernaProducts, tabernaVariations } from '../../src/db/schema/index.js';
import { createVariantsRepository } from '../../src/taberna/variants.repository.js';
import { bearer, registerActivated } from './accounts.js';
import type { CapturingMailer } from './capturing-mailer.js';

/** Logs in to the shop (optionally handing over a guest cart) and returns the tokens. */
export async function shopLogin(app: FastifyInstance, person: { email: string; password: string }, cartId: string | null = null) {
  const response = await app.inject({
    method: 'POST',
    url: '/taberna-profiles/api/v1/token/',
    payload: { email: person.email, password: person.password, cart_id: cartId },
  });
  if (response.statusCode !== 200) throw new Error(`shop login failed: ${response.statusCode} ${response.body}`);
  return response.json() as { access: string; refresh: string };
}

export interface FixtureProduct {
  id: number;
  slug: string;
  categorySlug: string;
}

/**
 * A product of its own for a test: price, stock and the colours and sizes it comes in, with one
 * variant per colour × size that share the stock out evenly (as the back office does).
 */
export async function createProduct(
  db: Database,
  options: {
    name?: string;
    price?: string;
    stock?: number;
    colors?: string[];
    sizes?: string[];
    available?: boolean;
    status?: 'draft' | 'active' | 'archived';
  } = {},
): Promise<FixtureProduct> {
  const tag = randomBytes(4).toString('hex');
  const [category] = await db
    .insert(tabernaCategories)
    .values({ name: `Category ${tag}`, slug: `category-${tag}` })
    .returning();
  const [product] = await db
    .insert(tabernaProducts)
    .values({
      categoryId: category!.id,
      name: options.name ?? `Product ${tag}`,
      slug: `product-${tag}`,
      price: options.price ?? '10.00',
      stock: options.stock ?? 10,
      isAvailable: options.available ?? true,
      status: options.status ?? 'active',
    })
    .returning();
  const variations = [
    ...(options.colors ?? []).map((value) => ({ productId: product!.id, category: 'color', value })),
    ...(options.sizes ?? []).map((value) => ({ productId: product!.id, category: 'size', value })),
  ];
  if (variations.length > 0) await db.insert(tabernaVariations).values(variations);
  await createVariantsRepository(db).sync(product!.id, options.stock ?? 10);
  return { id: product!.id, slug: product!.slug, categorySlug: category!.slug };
}

export async function stockOf(db: Database, productId: number): Promise<number> {
  const [row] = await db.select({ stock: tabernaProducts.stock }).from(tabernaProducts).where(eq(tabernaProducts.id, productId));
  return row!.stock;
}

/** A new shop customer, logged in. */
export async function newCustomer(app: FastifyInstance, mail: CapturingMailer) {
  const { person } = await registerActivated(app, mail, 'taberna');
  const { access } = await shopLogin(app, person);
  return { person, access, headers: bearer(access) };
}

export const BILLING = {
  first_name: 'Rosa',
  last_name: 'Tester',
  phone: '+351 912345678',
  email: 'rosa@example.com',
  address_line_1: '1 Main Street',
  address_line_2: '',
  country: 'Portugal',
  state: 'Lisbon',
  city: 'Lisbon',
  order_note: '',
};

export async function addToCart(
  app: FastifyInstance,
  productId: number,
  body: { color?: string; size?: string; cart_id?: string | null } = {},
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: `/taberna-cart/api/add-to-cart/${productId}/`, payload: body, headers });
}

export async function cartOf(app: FastifyInstance, options: { cartId?: string; headers?: Record<string, string> } = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/taberna-cart/api/cart/${options.cartId ? `?cart_id=${encodeURIComponent(options.cartId)}` : ''}`,
    headers: options.headers ?? {},
  });
  if (response.statusCode !== 200) throw new Error(`cart failed: ${response.statusCode} ${response.body}`);
  return response.json() as {
    total: number;
    quantity: number;
    tax: number;
    grand_total: number;
    cart_items: {
      id: number;
      quantity: number;
      sub_total: number;
      product: { id: number; price: string };
      variations: { variation_category: string; variation_value: string }[];
    }[];
  };
}
