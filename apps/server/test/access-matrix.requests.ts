import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { tabernaOrders } from '../src/db/schema/index.js';
import { cartLine, openCheckout, type BackofficeCaller, type Caller, type Party, type World } from './support/access-world.js';
import { member, newestOrderId, pay, placeOrder } from './support/backoffice.js';
import { saveBody, savedScene, sceneWith, shareScene } from './support/hyper3d.js';
import { multipart, picture, post, socialUser } from './support/social.js';
import { addToCart, BILLING } from './support/taberna.js';
import { newPerson } from './support/test-app.js';

/** What a row sends: built per caller, from the world and what the row prepared. */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Probe = InjectOptions & { method: Method; url: string };
type State = Record<string, string | number>;
export interface RouteRequest {
  /** Fresh things for this row alone (so that the owner's successful delete spends nothing shared). */
  prepare?: (w: World) => Promise<State>;
  build: (w: World, caller: Caller, state: State) => Probe | Promise<Probe>;
  /** Why others' successful calls may change what Alice sees (by default they may not). */
  reachesOwner?: string;
  /** Why this GET writes (by default a read by others must leave the database as it was). */
  writes?: string;
  /** Callers are admitted one after another (each builds on what the previous call left), not at once. */
  oneAtATime?: boolean;
}
/** A socket row: the path to open, per caller. */
export type SocketPath = (w: World, caller: Caller) => string;

const get = (url: string): Probe => ({ method: 'GET', url });
const send = (method: Method, url: string, payload?: object): Probe => ({ method, url, ...(payload ? { payload } : {}) });
const fixed = (probe: Probe): RouteRequest => ({ build: () => probe });
/** The caller's own party, for routes that act on "mine" (Alice for callers without an account of their own). */
const self = (w: World, caller: Caller): Party => (caller === 'other' ? w.mallory : caller === 'inactive' ? w.carol : w.alice);

async function registered(w: World, path = '/api/v1/authusers/') {
  const person = newPerson();
  const response = await w.t.app.inject({ method: 'POST', url: path, payload: person });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  const link = new URL(w.t.mail.lastLinkTo(person.email));
  const [, uid, token] = /\/activate\/([^/]+)\/([^/]+)\/?$/.exec(link.pathname)!;
  return { person, uid: uid!, token: token! };
}

async function refreshOf(w: World, party: Party) {
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/token/',
    payload: { email: party.person.email, password: party.person.password },
  });
  return String((response.json() as { refresh: string }).refresh);
}

async function privatePost(w: World) {
  return { id: (await post(w.t, w.alice, 'to be deleted', { isPrivate: true })).id };
}

async function form(fields: Record<string, string>, withPicture = false): Promise<Omit<Probe, 'method' | 'url'>> {
  const body = await multipart(fields, withPicture ? [{ field: 'images[]', data: await picture('png'), type: 'image/png' }] : []);
  return { payload: body.payload, headers: body.headers };
}

/** A text document as the AI lab's upload form sends it. */
async function documentForm(headers: Record<string, string> = {}): Promise<Omit<Probe, 'method' | 'url'>> {
  const body = await multipart({}, [{ field: 'file', data: Buffer.from('A note.'), filename: 'note.txt', type: 'text/plain' }]);
  return { payload: body.payload, headers: { ...body.headers, ...headers } };
}

/** The first question and answer of Alice's AI conversation. */
async function aiMessages(w: World) {
  const shown = await w.t.app.inject({
    method: 'GET',
    url: `/ai-lab/conversations/${w.aiConversationId}/`,
    headers: w.alice.headers,
  });
  const messages = (shown.json() as { messages: { id: string; role: string }[] }).messages;
  return { question: messages.find((m) => m.role === 'user')!.id, answer: messages.find((m) => m.role === 'assistant')!.id };
}

/**
 * Shares one of Alice's AI conversations: her world one, or a new one that holds no secret (its page
 * is public on purpose); answers the token of its page.
 */
async function sharedConversation(w: World, question?: string): Promise<string> {
  let id = w.aiConversationId;
  if (question) {
    const asked = await w.t.app.inject({ method: 'POST', url: '/ai-lab/', headers: w.alice.headers, payload: { question } });
    id = String((asked.json() as { conversation_id: string }).conversation_id);
  }
  const shared = await w.t.app.inject({ method: 'POST', url: `/ai-lab/conversations/${id}/share/`, headers: w.alice.headers });
  return String((shared.json() as { url: string }).url)
    .split('/')
    .at(-1)!;
}

const login = (url: string) => ({
  build: (w: World) => send('POST', url, { email: w.dave.person.email, password: w.dave.person.password }),
});
const card = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Alice' };
/** An item in Alice's cart and one in Mallory's: each places an order from their own. */
async function bothCarts(w: World) {
  await addToCart(w.t.app, w.product.id, {}, w.mallory.headers);
  return cartLine(w);
}
/** A save of a scene without files (each caller its own body). */
function sceneSave(method: 'POST' | 'PUT', url: string, name: string): Probe {
  const body = saveBody(name, sceneWith([]), []);
  return { method, url, payload: body.payload, headers: body.headers };
}
const checkoutSession = async (w: World) => ({ session: await openCheckout(w) });

/** Issue 27: blocking and muting (and taking it back) a person made for the row, whom nothing else involves. */
function relationRows(): Record<string, RouteRequest> {
  const rows: Record<string, RouteRequest> = {};
  for (const kind of ['block', 'mute']) {
    for (const method of ['POST', 'DELETE'] as const) {
      rows[`${method} /api/social-profiles/{slug}/${kind}/`] = {
        prepare: async (w) => ({ slug: (await socialUser(w.t)).profile.slug }),
        build: (_w, _caller, { slug }) => send(method, `/api/social-profiles/${slug}/${kind}/`),
      };
    }
  }
  return rows;
}

/** How each route of the HTTP table is called. Targets are Alice's things unless said otherwise. */
export const REQUESTS: Record<string, RouteRequest> = {
  'GET /healthz': fixed(get('/healthz')),
  'GET /readyz': fixed(get('/readyz')),
  // From another machine, without METRICS_TOKEN (on this machine anyone may read them).
  'GET /metrics': fixed({ ...get('/metrics'), remoteAddress: '203.0.113.7' }),
  'POST /api/v1/authusers/': { build: () => send('POST', '/api/v1/authusers/', newPerson()) },
  'POST /api/social-profiles/register/': { build: () => send('POST', '/api/social-profiles/register/', newPerson()) },
  'POST /taberna-profiles/api/register/': { build: () => send('POST', '/taberna-profiles/api/register/', newPerson()) },
  'GET /taberna-profiles/activate/{uid}/{token}/': {
    writes: 'the emailed link activates its account, whoever follows it',
    build: async (w) => (({ uid, token }) => get(`/taberna-profiles/activate/${uid}/${token}/`))(await registered(w)),
  },
  'GET /accounts/activate/{uid}/{token}/': {
    writes: 'the emailed link activates its account, whoever follows it',
    build: async (w) => (({ uid, token }) => get(`/accounts/activate/${uid}/${token}/`))(await registered(w)),
  },
  'POST /api/v1/authusers/activation/': {
    build: async (w) => (({ uid, token }) => send('POST', '/api/v1/authusers/activation/', { uid, token }))(await registered(w)),
  },
  'POST /api/v1/authusers/resend_activation/': {
    build: (w) => send('POST', '/api/v1/authusers/resend_activation/', { email: w.alice.person.email }),
  },
  'POST /api/v1/authusers/reset_password/': {
    build: (w) => send('POST', '/api/v1/authusers/reset_password/', { email: w.dave.person.email }),
  },
  'POST /api/v1/authusers/reset_password_confirm/': fixed(
    send('POST', '/api/v1/authusers/reset_password_confirm/', {
      uid: 'MQ',
      token: 'no-such-token',
      new_password: 'x-Quartz-991',
    }),
  ),
  'POST /api/v1/token/': login('/api/v1/token/'),
  'POST /api/social-profiles/api/v1/token/': login('/api/social-profiles/api/v1/token/'),
  'POST /taberna-profiles/api/v1/token/': login('/taberna-profiles/api/v1/token/'),
  'POST /api/v1/token/refresh/': { build: (w) => send('POST', '/api/v1/token/refresh/', { refresh: w.alice.refresh }) },
  'POST /api/v1/token/revoke/': {
    build: async (w) => send('POST', '/api/v1/token/revoke/', { refresh: await refreshOf(w, w.dave) }),
  },
  'POST /api/v1/token/verify/': { build: (w) => send('POST', '/api/v1/token/verify/', { token: w.alice.access }) },
  'POST /auth/token/login/': login('/auth/token/login/'),
  'POST /auth/token/logout/': fixed(send('POST', '/auth/token/logout/')),
  'GET /api/v1/account/': fixed(get('/api/v1/account/')),
  'POST /api/v1/account/profiles/': {
    build: (w, caller) => send('POST', '/api/v1/account/profiles/', { app: 'social', password: self(w, caller).person.password }),
  },
  'POST /api/v1/account/active-app/': fixed(send('POST', '/api/v1/account/active-app/', { active_app: 'taberna' })),
  'GET /api/v1/account/export/': fixed(get('/api/v1/account/export/')),
  'GET /api/v1/account/export/download/{token}/': fixed(
    get('/api/v1/account/export/download/1-99999999999-0123456789abcdef0123456789abcdef.x/'),
  ),
  // A wrong password: the answer shows who may ask without spending the world's accounts.
  'DELETE /api/v1/account/': fixed(send('DELETE', '/api/v1/account/', { password: 'not-the-password-1' })),
  'GET /api/social-profiles/me/': fixed(get('/api/social-profiles/me/')),
  'POST /api/social-profiles/editprofile/': {
    // Each caller sends its own current names, so a success changes nothing that other rows use.
    build: async (w, caller) => {
      const { person } = self(w, caller);
      const { username, first_name, last_name, email } = person;
      return {
        method: 'POST',
        url: '/api/social-profiles/editprofile/',
        ...(await form({ username, first_name, last_name, email })),
      };
    },
  },
  'POST /api/social-profiles/editpassword/': {
    build: (w, caller) =>
      send('POST', '/api/social-profiles/editpassword/', {
        old_password: self(w, caller).person.password,
        new_password1: 'Quartz-lantern-1',
        new_password2: 'Quartz-lantern-2',
      }),
  },
  'GET /api/social-profiles/friends/suggested/': fixed(get('/api/social-profiles/friends/suggested/')),
  'GET /api/social-profiles/friends/{slug}/': { build: (w) => get(`/api/social-profiles/friends/${w.alice.profile.slug}/`) },
  'POST /api/social-profiles/friends/{slug}/request/': {
    build: (w) => send('POST', `/api/social-profiles/friends/${w.dave.profile.slug}/request/`),
  },
  'POST /api/social-profiles/friends/{slug}/{status}/': {
    // Mallory asks Alice; only Alice may answer (rejected, so that they never become friends).
    prepare: async (w) => {
      const url = `/api/social-profiles/friends/${w.alice.profile.slug}/request/`;
      await w.t.app.inject({ method: 'POST', url, headers: w.mallory.headers });
      return {};
    },
    build: (w) => send('POST', `/api/social-profiles/friends/${w.mallory.profile.slug}/rejected/`),
  },
  'GET /api/social-profiles/blocks/': fixed(get('/api/social-profiles/blocks/')),
  'GET /api/social-profiles/mutes/': fixed(get('/api/social-profiles/mutes/')),
  ...relationRows(),
  'GET /api/social-profiles/mention-suggestions/': fixed(get('/api/social-profiles/mention-suggestions/?q=a')),
  'GET /api/social-posts/': fixed(get('/api/social-posts/')),
  'POST /api/social-posts/create/': {
    build: async () => ({
      method: 'POST',
      url: '/api/social-posts/create/',
      ...(await form({ body: 'hello', is_private: 'false' })),
    }),
  },
  'GET /api/social-posts/profile/{slug}/': { build: (w) => get(`/api/social-posts/profile/${w.alice.profile.slug}/`) },
  'GET /api/social-posts/{id}/': { build: (w) => get(`/api/social-posts/${w.privatePostId}/`) },
  'PATCH /api/social-posts/{id}/': {
    prepare: privatePost,
    build: (_w, _caller, { id }) => send('PATCH', `/api/social-posts/${id}/`, { body: 'edited by its author' }),
  },
  'GET /api/social-posts/{id}/history/': { build: (w) => get(`/api/social-posts/${w.privatePostId}/history/`) },
  'POST /api/social-posts/{id}/bookmark/': { build: (w) => send('POST', `/api/social-posts/${w.privatePostId}/bookmark/`) },
  'DELETE /api/social-posts/{id}/bookmark/': { build: (w) => send('DELETE', `/api/social-posts/${w.privatePostId}/bookmark/`) },
  'GET /api/social-posts/bookmarks/': fixed(get('/api/social-posts/bookmarks/')),
  'GET /api/social-posts/{id}/comments/': { build: (w) => get(`/api/social-posts/${w.privatePostId}/comments/`) },
  'DELETE /api/social-posts/{id}/delete/': {
    prepare: privatePost,
    build: (_w, _caller, { id }) => send('DELETE', `/api/social-posts/${id}/delete/`),
  },
  'POST /api/social-posts/{id}/comment/': {
    build: (w) => send('POST', `/api/social-posts/${w.privatePostId}/comment/`, { body: 'a comment' }),
  },
  'POST /api/social-posts/{id}/like/': { build: (w) => send('POST', `/api/social-posts/${w.privatePostId}/like/`) },
  'DELETE /api/social-posts/{id}/like/': { build: (w) => send('DELETE', `/api/social-posts/${w.privatePostId}/like/`) },
  'POST /api/social-posts/{id}/report/': { build: (w) => send('POST', `/api/social-posts/${w.privatePostId}/report/`) },
  'POST /api/social-posts/search/': { build: (w) => send('POST', '/api/social-posts/search/', { query: w.secrets[1]! }) },
  'GET /api/social-posts/search/': { build: (w) => get(`/api/social-posts/search/?query=${w.secrets[1]}`) },
  'GET /api/social-posts/trends/': {
    writes: 'stale trends are computed again on the first read (the job the scheduler runs)',
    build: () => get('/api/social-posts/trends/'),
  },
  'GET /api/social-chat/': fixed(get('/api/social-chat/')),
  'GET /api/social-chat/{slug}/get-or-create/': {
    writes: "starts the caller's own conversation with Bob",
    build: (w) => get(`/api/social-chat/${w.bob.profile.slug}/get-or-create/`),
  },
  'GET /api/social-chat/{id}/': { build: (w) => get(`/api/social-chat/${w.conversationId}/`) },
  'POST /api/social-chat/{id}/send/': {
    build: (w) => send('POST', `/api/social-chat/${w.conversationId}/send/`, { body: 'hi' }),
  },
  'GET /api/social-notifications/': fixed(get('/api/social-notifications/')),
  'POST /api/social-notifications/read/{id}/': {
    build: (w) => send('POST', `/api/social-notifications/read/${w.notificationId}/`),
  },
  'POST /api/social-notifications/read-all/': fixed(send('POST', '/api/social-notifications/read-all/')),
  'GET /api/v1/vue-apps/': fixed(get('/api/v1/vue-apps/')),
  'POST /api/v1/vue-apps/search/': fixed(send('POST', '/api/v1/vue-apps/search/', { query: 'shop' })),
  'GET /api/search/': { build: (w) => get(`/api/search/?q=${w.secrets[1]}`) },
  'GET /api/v1/portal-settings/': fixed(get('/api/v1/portal-settings/')),
  'GET /api/v1/countries/': fixed(get('/api/v1/countries/')),
  'GET /taberna-store/api/v1/product-categories/': fixed(get('/taberna-store/api/v1/product-categories/')),
  'GET /taberna-store/api/v1/latest-products/': fixed(get('/taberna-store/api/v1/latest-products/')),
  'POST /taberna-store/api/v1/products/search/': fixed(
    send('POST', '/taberna-store/api/v1/products/search/', { query: 'product' }),
  ),
  'GET /taberna-store/api/v1/products/{categorySlug}/': {
    build: (w) => get(`/taberna-store/api/v1/products/${w.product.categorySlug}/`),
  },
  'GET /taberna-store/api/v1/products/{categorySlug}/{productSlug}/': {
    build: (w) => get(`/taberna-store/api/v1/products/${w.product.categorySlug}/${w.product.slug}/`),
  },
  'POST /taberna-store/api/v1/reviews/{productId}/': {
    build: (w) => send('POST', `/taberna-store/api/v1/reviews/${w.product.id}/`, { subject: 'Good', review: 'Fine', rating: 5 }),
  },
  'GET /taberna-cart/api/cart/': fixed(get('/taberna-cart/api/cart/')),
  'GET /taberna-cart/api/shipping-options/': fixed(get('/taberna-cart/api/shipping-options/?country=PT')),
  'POST /taberna-cart/api/add-to-cart/{productId}/': {
    build: (w) => send('POST', `/taberna-cart/api/add-to-cart/${w.product.id}/`, {}),
  },
  'POST /taberna-cart/api/discount/': {
    prepare: async (w) => {
      await bothCarts(w);
      return { code: (await bo(w, 'POST', '/discounts/', discountBody())).code as string };
    },
    build: (_w, _caller, { code }) => send('POST', '/taberna-cart/api/discount/', { code }),
  },
  'DELETE /taberna-cart/api/discount/': fixed(send('DELETE', '/taberna-cart/api/discount/')),
  'DELETE /taberna-cart/api/cart-remove/{productId}/{cartItemId}/': {
    prepare: cartLine,
    build: (_w, _caller, line) => send('DELETE', `/taberna-cart/api/cart-remove/${line.productId}/${line.cartItemId}/`),
  },
  'DELETE /taberna-cart/api/cart-item-remove/{productId}/{cartItemId}/': {
    prepare: cartLine,
    build: (_w, _caller, line) => send('DELETE', `/taberna-cart/api/cart-item-remove/${line.productId}/${line.cartItemId}/`),
  },
  'POST /taberna-orders/api/v1/place_order_stripe_session/': {
    prepare: bothCarts,
    build: () => send('POST', '/taberna-orders/api/v1/place_order_stripe_session/', BILLING),
  },
  'POST /taberna-orders/api/v1/place_order_stripe_charge/': {
    prepare: bothCarts,
    build: () => send('POST', '/taberna-orders/api/v1/place_order_stripe_charge/', { ...BILLING, stripe_token: 'tok_visa' }),
  },
  'POST /taberna-orders/api/v1/order_payment_success/': {
    prepare: checkoutSession,
    build: (_w, _caller, { session }) =>
      send('POST', '/taberna-orders/api/v1/order_payment_success/', { stripe_session_id: session }),
  },
  'POST /taberna-orders/api/v1/order_payment_failed/': {
    prepare: checkoutSession,
    build: (_w, _caller, { session }) =>
      send('POST', '/taberna-orders/api/v1/order_payment_failed/', { stripe_session_id: session }),
  },
  'GET /taberna-profiles/api/v1/orders/': fixed(get('/taberna-profiles/api/v1/orders/')),
  'GET /taberna-profiles/api/v1/orders/{order_number}/invoice/': {
    prepare: async (w) => ({ number: await alicePaidOrderNumber(w) }),
    build: (_w, _caller, { number }) => get(`/taberna-profiles/api/v1/orders/${number}/invoice/`),
  },
  'GET /taberna-profiles/api/v1/billing/': fixed(get('/taberna-profiles/api/v1/billing/')),
  'POST /taberna-orders/stripe_webhook/': fixed({
    method: 'POST',
    url: '/taberna-orders/stripe_webhook/',
    payload: '{"type":"checkout.session.completed"}',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
  }),
  'GET /taberna-orders/test-checkout/api/{sessionId}/': {
    prepare: checkoutSession,
    build: (_w, _caller, { session }) => get(`/taberna-orders/test-checkout/api/${session}/`),
  },
  'POST /taberna-orders/test-checkout/api/{sessionId}/pay/': {
    // The session id is the capability (as on Stripe's page): each caller gets a session of its own.
    build: async (w) => send('POST', `/taberna-orders/test-checkout/api/${await openCheckout(w)}/pay/`, card),
    reachesOwner: "whoever holds the id of Alice's checkout pays her order, as on Stripe's own page",
    // Placing an order closes the checkout of the previous one.
    oneAtATime: true,
  },
  'GET /ai-lab/status/': fixed(get('/ai-lab/status/')),
  'POST /ai-lab/': { build: (w) => send('POST', '/ai-lab/', { question: 'hello', conversation_id: w.aiConversationId }) },
  'POST /ai-lab/stream/': {
    build: (w) => send('POST', '/ai-lab/stream/', { question: 'hello', conversation_id: w.aiConversationId }),
  },
  'POST /ai-lab/image-generator/': fixed(send('POST', '/ai-lab/image-generator/', { question: 'a tree' })),
  'POST /ai-lab/voice-generator/': fixed(send('POST', '/ai-lab/voice-generator/', { question: 'hi' })),
  'POST /ai-lab/download-image/': { build: (w) => send('POST', '/ai-lab/download-image/', { filename: w.generatedImage }) },
  'GET /ai-lab/conversations/': fixed(get('/ai-lab/conversations/')),
  'GET /ai-lab/conversations/{id}/': { build: (w) => get(`/ai-lab/conversations/${w.aiConversationId}/`) },
  'PATCH /ai-lab/conversations/{id}/': {
    build: (w) => send('PATCH', `/ai-lab/conversations/${w.aiConversationId}/`, { title: w.secrets[3]! }),
  },
  'DELETE /ai-lab/conversations/{id}/': {
    prepare: async (w) => {
      const asked = await w.t.app.inject({
        method: 'POST',
        url: '/ai-lab/',
        headers: w.alice.headers,
        payload: { question: 'bye' },
      });
      return { id: String((asked.json() as { conversation_id: string }).conversation_id) };
    },
    build: (_w, _caller, { id }) => send('DELETE', `/ai-lab/conversations/${id}/`),
  },
  'GET /ai-lab/gallery/': fixed(get('/ai-lab/gallery/')),
  'GET /api/hyper3d/scenes/': fixed(get('/api/hyper3d/scenes/')),
  'POST /api/hyper3d/scenes/': { build: () => sceneSave('POST', '/api/hyper3d/scenes/', 'New scene') },
  'GET /api/hyper3d/scenes/{id}/': { build: (w) => get(`/api/hyper3d/scenes/${w.scene.id}/`) },
  'PUT /api/hyper3d/scenes/{id}/': {
    prepare: async (w) => ({ id: (await savedScene(w.t.app, w.alice.headers, 'To change')).id }),
    build: (_w, _caller, { id }) => sceneSave('PUT', `/api/hyper3d/scenes/${id}/`, 'Changed'),
  },
  'DELETE /api/hyper3d/scenes/{id}/': {
    prepare: async (w) => ({ id: (await savedScene(w.t.app, w.alice.headers, 'To delete')).id }),
    build: (_w, _caller, { id }) => send('DELETE', `/api/hyper3d/scenes/${id}/`),
  },
  'GET /api/hyper3d/scenes/{id}/files/{fileId}/': {
    build: (w) => get(`/api/hyper3d/scenes/${w.scene.id}/files/${w.scene.fileId}/`),
  },
  'POST /api/hyper3d/scenes/{id}/share/': {
    prepare: async (w) => ({ id: (await savedScene(w.t.app, w.alice.headers, 'To share')).id }),
    build: (_w, _caller, { id }) => send('POST', `/api/hyper3d/scenes/${id}/share/`),
  },
  'DELETE /api/hyper3d/scenes/{id}/share/': {
    prepare: async (w) => {
      const { id } = await savedScene(w.t.app, w.alice.headers, 'To stop sharing');
      await shareScene(w.t.app, w.alice.headers, id);
      return { id };
    },
    build: (_w, _caller, { id }) => send('DELETE', `/api/hyper3d/scenes/${id}/share/`),
  },
  'GET /api/hyper3d/shared/{token}/': { build: (w) => get(`/api/hyper3d/shared/${w.sharedScene.token}/`) },
  'GET /api/hyper3d/shared/{token}/files/{fileId}/': {
    build: (w) => get(`/api/hyper3d/shared/${w.sharedScene.token}/files/${w.sharedScene.fileId}/`),
  },
  'POST /ai-lab/upload-vision-images/': {
    build: async () => ({ method: 'POST', url: '/ai-lab/upload-vision-images/', ...(await form({}, true)) }),
  },
  'DELETE /ai-lab/delete-vision-image/': {
    prepare: async (w) => {
      const body = await form({}, true);
      const uploaded = await w.t.app.inject({
        method: 'POST',
        url: '/ai-lab/upload-vision-images/',
        payload: body.payload,
        headers: { ...body.headers, ...w.alice.headers },
      });
      return {
        name: String((uploaded.json() as { uploaded_images: string[] }).uploaded_images[0])
          .split('/')
          .at(-1)!,
      };
    },
    build: (_w, _caller, { name }) => send('DELETE', '/ai-lab/delete-vision-image/', { filename: name! }),
  },
  'POST /ai-lab/realtime-token/': fixed(send('POST', '/ai-lab/realtime-token/')),
  'GET /ai-lab/models/': fixed(get('/ai-lab/models/')),
  'GET /ai-lab/settings/': fixed(get('/ai-lab/settings/')),
  'PUT /ai-lab/settings/': fixed(send('PUT', '/ai-lab/settings/', { system_prompt: 'Keep it short.' })),
  'POST /ai-lab/attachments/': {
    build: async () => ({ method: 'POST', url: '/ai-lab/attachments/', ...(await documentForm()) }),
  },
  'DELETE /ai-lab/attachments/{id}/': {
    prepare: async (w) => {
      const uploaded = await w.t.app.inject({
        method: 'POST',
        url: '/ai-lab/attachments/',
        ...(await documentForm(w.alice.headers)),
      });
      return { id: String((uploaded.json() as { id: string }).id) };
    },
    build: (_w, _caller, { id }) => send('DELETE', `/ai-lab/attachments/${id}/`),
  },
  'POST /ai-lab/transcriptions/': {
    build: async () => {
      const body = await multipart({}, [
        { field: 'file', data: Buffer.alloc(64, 1), filename: 'voice.webm', type: 'audio/webm' },
      ]);
      return { method: 'POST', url: '/ai-lab/transcriptions/', payload: body.payload, headers: body.headers };
    },
  },
  'GET /ai-lab/conversations/{id}/export/': { build: (w) => get(`/ai-lab/conversations/${w.aiConversationId}/export/`) },
  'POST /ai-lab/conversations/{id}/share/': { build: (w) => send('POST', `/ai-lab/conversations/${w.aiConversationId}/share/`) },
  'DELETE /ai-lab/conversations/{id}/share/': {
    prepare: async (w) => ({ token: await sharedConversation(w) }),
    build: (w) => send('DELETE', `/ai-lab/conversations/${w.aiConversationId}/share/`),
    // Sharing Alice's world conversation first: its share is what the owner stops.
    oneAtATime: true,
  },
  'GET /ai-lab/shared-conversations/{token}/': {
    prepare: async (w) => ({ token: await sharedConversation(w, 'Shared on purpose') }),
    build: (_w, _caller, { token }) => get(`/ai-lab/shared-conversations/${token}/`),
  },
  'POST /ai-lab/conversations/{id}/messages/{messageId}/edit/': {
    prepare: (w) => aiMessages(w),
    build: (w, _caller, { question }) =>
      send('POST', `/ai-lab/conversations/${w.aiConversationId}/messages/${question}/edit/`, { question: 'hello again' }),
  },
  'POST /ai-lab/conversations/{id}/messages/{messageId}/regenerate/': {
    prepare: (w) => aiMessages(w),
    build: (w, _caller, { answer }) =>
      send('POST', `/ai-lab/conversations/${w.aiConversationId}/messages/${answer}/regenerate/`, {}),
  },
  'PUT /ai-lab/conversations/{id}/messages/{messageId}/version/': {
    prepare: (w) => aiMessages(w),
    build: (w, _caller, { question }) =>
      send('PUT', `/ai-lab/conversations/${w.aiConversationId}/messages/${question}/version/`, { version: 1 }),
  },

  // Routes the OpenAPI document leaves out: the web app, the documentation pages, media, app links.
  'GET /': fixed(get('/')),
  'GET /api/docs': fixed(get('/api/docs')),
  'GET /api/docs/json': fixed(get('/api/docs/json')),
  'GET /api/docs/yaml': fixed(get('/api/docs/yaml')),
  'GET /api/docs/static/index.html': fixed(get('/api/docs/static/index.html')),
  'GET /api/docs/static/swagger-initializer.js': fixed(get('/api/docs/static/swagger-initializer.js')),
  'GET /api/docs/*': fixed(get('/api/docs/static/swagger-ui.css')),
  'GET /*': { build: (w) => get(w.visionImagePath) },
  'GET /category/{category}/{slug}/': fixed(get('/category/no-such-category/no-such-app/')),
};

/** How each socket of the socket table is opened. */
export const SOCKETS: Record<string, SocketPath> = {
  // The caller's own profile in the path: only membership of Alice and Bob's conversation is at stake.
  'GET /ws/social-chat/{conversationId}/{profileId}/': (w, caller) =>
    `/ws/social-chat/${w.conversationId}/${self(w, caller).profile.id}/`,
  'GET /wss/social-chat/{conversationId}/{profileId}/': (w, caller) =>
    `/wss/social-chat/${w.conversationId}/${self(w, caller).profile.id}/`,
  // Alice's profile in the path for everyone: her notifications are at stake.
  'GET /ws/notification/{profileId}/': (w) => `/ws/notification/${w.alice.profile.id}/`,
  'GET /wss/notification/{profileId}/': (w) => `/wss/notification/${w.alice.profile.id}/`,
  'GET /ws/ai-lab/realtime/': () => '/ws/ai-lab/realtime/',
};

/** A back-office row: how each caller calls it, on a target of its own made here. */
export type BackofficeRequest = (w: World, caller: BackofficeCaller) => Promise<Probe>;

const tagOf = () => Math.random().toString(36).slice(2, 8);
async function bo(w: World, method: Method, path: string, payload?: object) {
  const response = await w.t.app.inject({
    method,
    url: `/api/backoffice${path}`,
    headers: w.boss.headers,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${path} failed: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown> & { id: number };
}
const newCategory = (w: World) => bo(w, 'POST', '/categories/', { name: `Matrix ${tagOf()}` });
const newProduct = async (w: World) =>
  bo(w, 'POST', '/products/', { category_id: (await newCategory(w)).id, name: `Matrix ${tagOf()}`, price: '3.00', stock: 5 });
async function withPictures(w: World, count: number) {
  const product = await newProduct(w);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = await multipart({}, [{ field: 'image', data: await picture('png'), type: 'image/png' }]);
    const uploaded = await w.t.app.inject({
      method: 'POST',
      url: `/api/backoffice/products/${product.id}/images/`,
      headers: { ...w.boss.headers, ...body.headers },
      payload: body.payload,
    });
    ids.push((uploaded.json() as { id: number }).id);
  }
  return { product, ids };
}
/** A paid order of Bob; an unpaid one of a new customer (placing another order ends one's unpaid order). */
const bobOrder = async (w: World, paid: boolean) => {
  const customer = paid ? w.bob : await member(w.t);
  const session = await placeOrder(w.t, customer, w.product.id);
  if (paid) await pay(w.t, session);
  return newestOrderId(w.t, w.boss, customer);
};
/** The number of the order Alice paid when the world was made (issue 28: its invoice). */
const alicePaidOrderNumber = async (w: World) => {
  const [row] = await w.t.database.db
    .select({ number: tabernaOrders.orderNumber })
    .from(tabernaOrders)
    .where(and(eq(tabernaOrders.accountId, w.alice.accountId), eq(tabernaOrders.paymentState, 'paid')))
    .limit(1);
  return row!.number;
};
const bobPost = async (w: World) => (await post(w.t, w.bob, `matrix ${tagOf()}`)).id;
/** Countries of their own for each zone and tax rate the matrix makes (one zone and one rate per country). */
const SPARE_COUNTRIES =
  'AQ BV HM TF UM GS PN NF CX CC TK NU WF SJ IO MS KY FK FO GL PM BL MF SH AI VG TC BM GI AX BQ SX CW YT'.split(' ');
let spareCountry = 0;
const nextCountry = () => SPARE_COUNTRIES[spareCountry++ % SPARE_COUNTRIES.length]!;
const zoneBody = () => ({ name: `Matrix ${tagOf()}`, countries: [nextCountry()], rates: [{ name: 'Post', price: '3.00' }] });
const discountBody = () => ({ code: `MATRIX-${tagOf()}`, kind: 'percent', value: '10' });
const taxBody = () => ({ country: nextCountry(), name: `Matrix ${tagOf()}`, rate: '10' });

const asBackoffice = (method: Method, path: string, payload?: object): Probe => ({
  method,
  url: `/api/backoffice${path}`,
  ...(payload ? { payload } : {}),
});

export const BACKOFFICE_REQUESTS: Record<string, BackofficeRequest> = {
  'GET /api/backoffice/overview/': async () => asBackoffice('GET', '/overview/'),
  'GET /api/backoffice/categories/': async () => asBackoffice('GET', '/categories/'),
  'POST /api/backoffice/categories/': async () => asBackoffice('POST', '/categories/', { name: `Matrix ${tagOf()}` }),
  'PATCH /api/backoffice/categories/{id}/': async (w) =>
    asBackoffice('PATCH', `/categories/${(await newCategory(w)).id}/`, { name: 'Renamed' }),
  'DELETE /api/backoffice/categories/{id}/': async (w) => asBackoffice('DELETE', `/categories/${(await newCategory(w)).id}/`),
  'GET /api/backoffice/products/': async () => asBackoffice('GET', '/products/'),
  'POST /api/backoffice/products/': async (w) =>
    asBackoffice('POST', '/products/', { category_id: (await newCategory(w)).id, name: 'New', price: '1.00', stock: 1 }),
  'GET /api/backoffice/products/export/': async () => asBackoffice('GET', '/products/export/'),
  'POST /api/backoffice/products/import/': async (w) => {
    const category = (await newCategory(w)).name as string;
    const csv = `name,category,price,stock\nMatrix ${tagOf()},${category},2.00,3\n`;
    const body = await multipart({}, [{ field: 'file', data: Buffer.from(csv), filename: 'products.csv', type: 'text/csv' }]);
    return { ...asBackoffice('POST', '/products/import/'), payload: body.payload, headers: body.headers };
  },
  'GET /api/backoffice/products/{id}/': async (w) => asBackoffice('GET', `/products/${w.product.id}/`),
  'PATCH /api/backoffice/products/{id}/': async (w) =>
    asBackoffice('PATCH', `/products/${(await newProduct(w)).id}/`, { price: '4.00' }),
  'DELETE /api/backoffice/products/{id}/': async (w) => asBackoffice('DELETE', `/products/${(await newProduct(w)).id}/`),
  'POST /api/backoffice/products/{id}/images/': async (w) => {
    const body = await multipart({}, [{ field: 'image', data: await picture('png'), type: 'image/png' }]);
    return {
      ...asBackoffice('POST', `/products/${(await newProduct(w)).id}/images/`),
      payload: body.payload,
      headers: body.headers,
    };
  },
  'POST /api/backoffice/products/{id}/images/order/': async (w) => {
    const { product, ids } = await withPictures(w, 2);
    return asBackoffice('POST', `/products/${product.id}/images/order/`, { ids: [...ids].reverse() });
  },
  'DELETE /api/backoffice/products/{id}/images/{imageId}/': async (w) => {
    const { product, ids } = await withPictures(w, 1);
    return asBackoffice('DELETE', `/products/${product.id}/images/${ids[0]}/`);
  },
  'PATCH /api/backoffice/products/{id}/images/{imageId}/': async (w) => {
    const { product, ids } = await withPictures(w, 1);
    return asBackoffice('PATCH', `/products/${product.id}/images/${ids[0]}/`, { color: null });
  },
  'GET /api/backoffice/products/{id}/variants/': async (w) => asBackoffice('GET', `/products/${w.product.id}/variants/`),
  'PATCH /api/backoffice/products/{id}/variants/{variantId}/': async (w) => {
    const product = await newProduct(w);
    const { results } = (await bo(w, 'GET', `/products/${product.id}/variants/`)) as unknown as { results: { id: number }[] };
    return asBackoffice('PATCH', `/products/${product.id}/variants/${results[0]!.id}/`, { stock: 9 });
  },
  'POST /api/backoffice/stock/{product_id}/adjust/': async (w) =>
    asBackoffice('POST', `/stock/${(await newProduct(w)).id}/adjust/`, { delta: 2, reason: 'Delivery' }),
  'POST /api/backoffice/stock/adjust/': async (w) =>
    asBackoffice('POST', '/stock/adjust/', { items: [{ product_id: (await newProduct(w)).id, delta: 1 }], reason: 'Count' }),
  'GET /api/backoffice/stock/': async () => asBackoffice('GET', '/stock/'),
  'GET /api/backoffice/orders/export/': async () => asBackoffice('GET', '/orders/export/?status=paid'),
  'GET /api/backoffice/orders/': async () => asBackoffice('GET', '/orders/'),
  'GET /api/backoffice/orders/{id}/': async (w) => asBackoffice('GET', `/orders/${await bobOrder(w, true)}/`),
  'GET /api/backoffice/orders/{id}/invoice/': async (w) => asBackoffice('GET', `/orders/${await bobOrder(w, true)}/invoice/`),
  'GET /api/backoffice/orders/{id}/packing-slip/': async (w) =>
    asBackoffice('GET', `/orders/${await bobOrder(w, true)}/packing-slip/`),
  'POST /api/backoffice/orders/{id}/ship/': async (w) => asBackoffice('POST', `/orders/${await bobOrder(w, true)}/ship/`, {}),
  'POST /api/backoffice/orders/{id}/deliver/': async (w) => {
    const id = await bobOrder(w, true);
    await bo(w, 'POST', `/orders/${id}/ship/`, {});
    return asBackoffice('POST', `/orders/${id}/deliver/`);
  },
  'POST /api/backoffice/orders/{id}/cancel/': async (w) => asBackoffice('POST', `/orders/${await bobOrder(w, false)}/cancel/`),
  'POST /api/backoffice/orders/{id}/refund/': async (w) => asBackoffice('POST', `/orders/${await bobOrder(w, true)}/refund/`),
  'POST /api/backoffice/orders/{id}/notes/': async (w) =>
    asBackoffice('POST', `/orders/${await bobOrder(w, true)}/notes/`, { body: 'Called the customer.' }),
  'GET /api/backoffice/customers/': async () => asBackoffice('GET', '/customers/'),
  'GET /api/backoffice/customers/export/': async () => asBackoffice('GET', '/customers/export/'),
  'GET /api/backoffice/customers/{id}/': async (w) => asBackoffice('GET', `/customers/${w.bob.accountId}/`),
  'GET /api/backoffice/reports/': async () => asBackoffice('GET', '/reports/'),
  'POST /api/backoffice/posts/{id}/hide/': async (w) => asBackoffice('POST', `/posts/${await bobPost(w)}/hide/`),
  'POST /api/backoffice/posts/{id}/restore/': async (w) => {
    const id = await bobPost(w);
    await bo(w, 'POST', `/posts/${id}/hide/`);
    return asBackoffice('POST', `/posts/${id}/restore/`);
  },
  'POST /api/backoffice/posts/{id}/dismiss/': async (w) => {
    const id = await bobPost(w);
    await w.t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/report/`, headers: w.dave.headers });
    return asBackoffice('POST', `/posts/${id}/dismiss/`);
  },
  'GET /api/backoffice/accounts/': async () => asBackoffice('GET', '/accounts/'),
  'POST /api/backoffice/accounts/{id}/suspend/': async (w) =>
    asBackoffice('POST', `/accounts/${(await member(w.t)).accountId}/suspend/`, { reason: 'Spam' }),
  'POST /api/backoffice/accounts/{id}/reinstate/': async (w) => {
    const person = await member(w.t);
    await bo(w, 'POST', `/accounts/${person.accountId}/suspend/`, { reason: 'Spam' });
    return asBackoffice('POST', `/accounts/${person.accountId}/reinstate/`);
  },
  'POST /api/backoffice/accounts/{id}/role/': async (w) =>
    asBackoffice('POST', `/accounts/${(await member(w.t)).accountId}/role/`, { role: 'staff' }),
  'POST /api/backoffice/accounts/{id}/export/': async (w) =>
    asBackoffice('POST', `/accounts/${(await member(w.t)).accountId}/export/`, { reason: 'Asked by email' }),
  'POST /api/backoffice/accounts/{id}/delete/': async (w) =>
    asBackoffice('POST', `/accounts/${(await member(w.t)).accountId}/delete/`, { reason: 'Asked by email' }),
  'GET /api/backoffice/audit/': async () => asBackoffice('GET', '/audit/'),
  // These rows run last: once a zone exists, checkout asks for a shipping rate.
  'GET /api/backoffice/shipping-zones/': async () => asBackoffice('GET', '/shipping-zones/'),
  'POST /api/backoffice/shipping-zones/': async () => asBackoffice('POST', '/shipping-zones/', zoneBody()),
  'PATCH /api/backoffice/shipping-zones/{id}/': async (w) =>
    asBackoffice('PATCH', `/shipping-zones/${(await bo(w, 'POST', '/shipping-zones/', zoneBody())).id}/`, { name: 'Renamed' }),
  'DELETE /api/backoffice/shipping-zones/{id}/': async (w) =>
    asBackoffice('DELETE', `/shipping-zones/${(await bo(w, 'POST', '/shipping-zones/', zoneBody())).id}/`),
  'GET /api/backoffice/tax-rates/': async () => asBackoffice('GET', '/tax-rates/'),
  'POST /api/backoffice/tax-rates/': async () => asBackoffice('POST', '/tax-rates/', taxBody()),
  'PATCH /api/backoffice/tax-rates/{id}/': async (w) =>
    asBackoffice('PATCH', `/tax-rates/${(await bo(w, 'POST', '/tax-rates/', taxBody())).id}/`, { rate: '5' }),
  'DELETE /api/backoffice/tax-rates/{id}/': async (w) =>
    asBackoffice('DELETE', `/tax-rates/${(await bo(w, 'POST', '/tax-rates/', taxBody())).id}/`),
  'GET /api/backoffice/discounts/': async () => asBackoffice('GET', '/discounts/'),
  'POST /api/backoffice/discounts/': async () => asBackoffice('POST', '/discounts/', discountBody()),
  'PATCH /api/backoffice/discounts/{id}/': async (w) =>
    asBackoffice('PATCH', `/discounts/${(await bo(w, 'POST', '/discounts/', discountBody())).id}/`, { value: '15' }),
  'DELETE /api/backoffice/discounts/{id}/': async (w) =>
    asBackoffice('DELETE', `/discounts/${(await bo(w, 'POST', '/discounts/', discountBody())).id}/`),
};
