import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { accounts } from '../../src/db/schema/index.js';
import { bearer } from './accounts.js';
import { conversationOf, say } from './chat.js';
import { savedScene, shareScene } from './hyper3d.js';
import { befriend, multipart, picture, post, socialUser, type SocialUser } from './social.js';
import { addToCart, BILLING, cartOf, createProduct, type FixtureProduct } from './taberna.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The callers of the access matrix: who sends the request, and with which credentials. */
export const CALLERS = ['anonymous', 'other', 'owner', 'inactive', 'expired', 'forged', 'algNone'] as const;
export type Caller = (typeof CALLERS)[number];

const JWT_SECRET = `access-matrix-${randomBytes(16).toString('hex')}`;

export interface Party extends SocialUser {
  accountId: number;
}

/**
 * A portal with people and things to fight over: Alice owns posts, a chat with Bob, a cart, orders
 * and AI lab files; Mallory is another user; Carol logged in and was then deactivated. The three bad
 * tokens all name Alice's live session, so a server that took one would act as her.
 */
export interface World {
  t: TestApp;
  wsOrigin: string;
  alice: Party;
  bob: Party;
  mallory: Party;
  carol: Party;
  /** A person whose only use is to be logged in as, by every caller. */
  dave: Party;
  /** Back office (issue 15): a member of staff, and an owner. */
  staffer: Party;
  boss: Party;
  product: FixtureProduct;
  publicPostId: string;
  privatePostId: string;
  conversationId: string;
  notificationId: string;
  aiConversationId: string;
  visionImage: string;
  /** Where media serves it. */
  visionImagePath: string;
  generatedImage: string;
  /** A Hyper 3D scene of Alice (its name is one of the secrets), and a shared one, each with a model file. */
  scene: { id: string; fileId: string };
  sharedScene: { token: string; fileId: string };
  tokens: Record<'expired' | 'forged' | 'algNone', string>;
  /** Text only Alice (and, for the chat, Bob) may ever see. */
  secrets: string[];
}

const tag = () => randomBytes(5).toString('hex');

async function party(t: TestApp, joinShop = true): Promise<Party> {
  const user = await socialUser(t);
  if (joinShop) {
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/profiles/',
      headers: user.headers,
      payload: { app: 'taberna', password: user.person.password },
    });
    if (joined.statusCode !== 201) throw new Error(`joining the shop failed: ${joined.body}`);
  }
  return { ...user, accountId: Number(decodeJwt(user.access).user_id) };
}

async function expect2xx(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body || '{}') as Record<string, unknown>;
}

/** The bad tokens, each made from Alice's real access token. */
async function badTokens(access: string) {
  const claims = decodeJwt(access);
  const now = Math.floor(Date.now() / 1000);
  const signed = (secret: string, issued: number, expires: number) =>
    new SignJWT({ token_type: 'access', user_id: claims.user_id, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomBytes(16).toString('hex'))
      .setIssuedAt(issued)
      .setExpirationTime(expires)
      .sign(new TextEncoder().encode(secret));
  return {
    expired: await signed(JWT_SECRET, now - 3600, now - 60),
    forged: await signed(`not-the-secret-${randomBytes(16).toString('hex')}`, now, now + 600),
    algNone: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${access.split('.')[1]}.`,
  };
}

/** Places an order of the product from Alice's cart with the test checkout; answers the session id. */
export async function openCheckout(w: Pick<World, 't' | 'alice' | 'product' | 'secrets'>): Promise<string> {
  await expect2xx(await addToCart(w.t.app, w.product.id, {}, w.alice.headers), 'add to cart');
  const placed = await expect2xx(
    await w.t.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/place_order_stripe_session/',
      headers: w.alice.headers,
      payload: { ...BILLING, address_line_1: w.secrets[4] },
    }),
    'placing an order',
  );
  return String(placed.checkout_url).split('/').at(-1)!;
}

/** A line of Alice's cart: the product id and cart item id the cart routes take. */
export async function cartLine(w: Pick<World, 't' | 'alice' | 'product'>) {
  await expect2xx(await addToCart(w.t.app, w.product.id, {}, w.alice.headers), 'add to cart');
  const line = (await cartOf(w.t.app, { headers: w.alice.headers })).cart_items[0]!;
  return { productId: line.product.id, cartItemId: line.id };
}

export async function createWorld(): Promise<World> {
  const t = await createTestApp({ JWT_SECRET, AI_RATE_LIMIT: '100000/1m', AI_MEDIA_TTL: '1h' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const wsOrigin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const [alice, bob, mallory, carol, dave, staffer, boss] = await Promise.all([
    party(t),
    party(t),
    party(t),
    party(t),
    party(t),
    party(t),
    party(t),
  ]);
  await t.database.db.update(accounts).set({ role: 'staff' }).where(eq(accounts.id, staffer.accountId));
  await t.database.db.update(accounts).set({ role: 'owner' }).where(eq(accounts.id, boss.accountId));
  const secrets = [alice.person.email, `private-${tag()}`, `chat-${tag()}`, `ai-${tag()}`, `street-${tag()}`, `scene-${tag()}`];
  const product = await createProduct(t.database.db, { stock: 10_000 });
  const w = { t, alice, product, secrets };

  await befriend(t, alice, bob);
  const publicPostId = (await post(t, alice, `public-${tag()}`)).id;
  const privatePostId = (await post(t, alice, secrets[1]!, { isPrivate: true })).id;
  const conversationId = (await conversationOf(t.app, alice, bob)).id;
  await say(t.app, alice, conversationId, secrets[2]!);
  await expect2xx(
    await t.app.inject({
      method: 'POST',
      url: `/api/social-posts/${publicPostId}/comment/`,
      headers: bob.headers,
      payload: { body: 'nice' },
    }),
    'comment',
  );
  const notifications = await expect2xx(
    await t.app.inject({ method: 'GET', url: '/api/social-notifications/', headers: alice.headers }),
    'notifications',
  );
  const notificationId = String((notifications as unknown as { id: string }[])[0]!.id);

  // A paid order, so that Alice may review the product.
  const paid = await openCheckout(w);
  await expect2xx(
    await t.app.inject({
      method: 'POST',
      url: `/taberna-orders/test-checkout/api/${paid}/pay/`,
      payload: { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Alice' },
    }),
    'paying',
  );

  const asked = await expect2xx(
    await t.app.inject({ method: 'POST', url: '/ai-lab/', headers: alice.headers, payload: { question: secrets[3] } }),
    'asking the AI',
  );
  const form = await multipart({}, [{ field: 'images[]', data: await picture('png'), filename: 'alice.png', type: 'image/png' }]);
  const uploaded = await expect2xx(
    await t.app.inject({
      method: 'POST',
      url: '/ai-lab/upload-vision-images/',
      headers: { ...alice.headers, ...form.headers },
      payload: form.payload,
    }),
    'uploading',
  );
  const drawn = await expect2xx(
    await t.app.inject({
      method: 'POST',
      url: '/ai-lab/image-generator/',
      headers: alice.headers,
      payload: { question: 'a lighthouse' },
    }),
    'drawing',
  );
  const visionImageUrl = new URL(String((uploaded.uploaded_images as string[])[0]));
  const visionImage = visionImageUrl.pathname.split('/').at(-1)!;

  const scene = await savedScene(t.app, alice.headers, secrets[5]!);
  const shown = await savedScene(t.app, alice.headers, 'A scene to show');
  const sharedScene = { token: await shareScene(t.app, alice.headers, shown.id), fileId: shown.fileId };

  await t.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, carol.accountId));
  return {
    ...w,
    wsOrigin,
    bob,
    mallory,
    carol,
    dave,
    staffer,
    boss,
    publicPostId,
    privatePostId,
    conversationId,
    notificationId,
    aiConversationId: String(asked.conversation_id),
    visionImage,
    visionImagePath: visionImageUrl.pathname,
    generatedImage: String(drawn.message).split('/').at(-1)!,
    scene: { id: scene.id, fileId: scene.fileId },
    sharedScene,
    tokens: await badTokens(alice.access),
    secrets: [...secrets, visionImage],
  };
}

/** The Authorization header each caller sends. */
export function headersOf(w: World, caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return {};
  if (caller === 'other') return w.mallory.headers;
  if (caller === 'owner') return w.alice.headers;
  if (caller === 'inactive') return w.carol.headers;
  return bearer(w.tokens[caller]);
}

/** The token a caller offers a websocket (none for anonymous). */
export function socketTokenOf(w: World, caller: Caller): string | undefined {
  const header = headersOf(w, caller).authorization;
  return header?.replace(/^Bearer /, '');
}

/** The callers of the back office's rows: nobody, a customer (Mallory), staff, an owner. */
export const BACKOFFICE_CALLERS = ['anonymous', 'customer', 'staff', 'owner'] as const;
export type BackofficeCaller = (typeof BACKOFFICE_CALLERS)[number];

export function backofficeHeadersOf(w: World, caller: BackofficeCaller): Record<string, string> {
  if (caller === 'anonymous') return {};
  if (caller === 'customer') return w.mallory.headers;
  return caller === 'staff' ? w.staffer.headers : w.boss.headers;
}
