import { BACKOFFICE_CALLERS, CALLERS, type BackofficeCaller, type Caller } from './support/access-world.js';

/**
 * Who may do what, route by route (issue 13's access matrix). Columns are the callers:
 *
 *   anon     no credentials
 *   other    Mallory, another signed-up user
 *   owner    Alice, who owns the target (or, for a chat, is a member of it)
 *   inactive Carol's token, issued before her account was deactivated
 *   expired  a token for Alice's session, correctly signed, past its expiry
 *   forged   a token for Alice's session signed with another secret
 *   none     Alice's token with the header `alg: none` and no signature
 *
 * Cells are HTTP statuses. A bad token is refused (401) on every route that looks at credentials,
 * public ones included, so the client refreshes it; routes that never look (`auth: 'none'`: logins,
 * sign-ups, activation, health, the webhook) answer as to an anonymous caller. The last column says
 * what the request targets (details in access-matrix.requests.ts).
 */
export const HTTP_TABLE = `
route                                                                     anon  other owner inactive expired forged none  target
GET    /healthz                                                           200   200   200   200      200     200    200   -
GET    /readyz                                                            200   200   200   200      200     200    200   -
GET    /metrics                                                           403   403   403   403      403     403    403   from another machine
POST   /api/v1/authusers/                                                 201   201   201   201      201     201    201   a new person
POST   /api/social-profiles/register/                                     201   201   201   201      201     201    201   a new person
POST   /taberna-profiles/api/register/                                    201   201   201   201      201     201    201   a new person
GET    /taberna-profiles/activate/{uid}/{token}/                          302   302   302   302      302     302    302   a new person's link
GET    /accounts/activate/{uid}/{token}/                                  302   302   302   302      302     302    302   a new person's link
POST   /api/v1/authusers/activation/                                      204   204   204   204      204     204    204   a new person's link
POST   /api/v1/authusers/resend_activation/                               204   204   204   204      204     204    204   Alice's email
POST   /api/v1/authusers/reset_password/                                  204   204   204   204      204     204    204   Dave's email
POST   /api/v1/authusers/reset_password_confirm/                          400   400   400   400      400     400    400   a made-up link
POST   /api/v1/token/                                                     200   200   200   200      200     200    200   Dave's password
POST   /api/social-profiles/api/v1/token/                                 200   200   200   200      200     200    200   Dave's password
POST   /taberna-profiles/api/v1/token/                                    200   200   200   200      200     200    200   Dave's password
POST   /api/v1/token/refresh/                                             200   200   200   200      200     200    200   Alice's refresh token
POST   /api/v1/token/revoke/                                              204   204   204   204      204     204    204   a new session of Dave
POST   /api/v1/token/verify/                                              200   200   200   200      200     200    200   Alice's access token
POST   /auth/token/login/                                                 200   200   200   200      200     200    200   Dave's password
POST   /auth/token/logout/                                                401   204   204   401      401     401    401   the caller's keys
GET    /api/v1/account/                                                   401   200   200   401      401     401    401   the caller's account
POST   /api/v1/account/profiles/                                          401   409   409   401      401     401    401   the caller's account
POST   /api/v1/account/active-app/                                        401   204   204   401      401     401    401   the caller's session
GET    /api/v1/account/export/                                            401   200   200   401      401     401    401   the caller's data
GET    /api/v1/account/export/download/{token}/                           404   404   404   404      404     404    404   a made-up link
DELETE /api/v1/account/                                                   401   400   400   401      401     401    401   the caller's account (a wrong password)
GET    /api/social-profiles/me/                                           401   200   200   401      401     401    401   the caller's profile
POST   /api/social-profiles/editprofile/                                  401   200   200   401      401     401    401   the caller's profile
POST   /api/social-profiles/editpassword/                                 401   200   200   401      401     401    401   the caller's password
GET    /api/social-profiles/friends/suggested/                            401   200   200   401      401     401    401   -
GET    /api/social-profiles/friends/{slug}/                               401   200   200   401      401     401    401   Alice's friends
POST   /api/social-profiles/friends/{slug}/request/                       401   200   200   401      401     401    401   Dave
POST   /api/social-profiles/friends/{slug}/{status}/                      401   404   200   401      401     401    401   Mallory's request to Alice
GET    /api/social-profiles/blocks/                                       401   200   200   401      401     401    401   the caller's blocks
GET    /api/social-profiles/mutes/                                        401   200   200   401      401     401    401   the caller's mutes
POST   /api/social-profiles/{slug}/block/                                 401   200   200   401      401     401    401   a new person
DELETE /api/social-profiles/{slug}/block/                                 401   200   200   401      401     401    401   a new person
POST   /api/social-profiles/{slug}/mute/                                  401   200   200   401      401     401    401   a new person
DELETE /api/social-profiles/{slug}/mute/                                  401   200   200   401      401     401    401   a new person
GET    /api/social-profiles/mention-suggestions/                          401   200   200   401      401     401    401   -
GET    /api/social-posts/                                                 200   200   200   401      401     401    401   the feed
POST   /api/social-posts/create/                                          401   200   200   401      401     401    401   a new post
GET    /api/social-posts/profile/{slug}/                                  200   200   200   401      401     401    401   Alice's posts
GET    /api/social-posts/{id}/                                            404   404   200   401      401     401    401   Alice's private post
PATCH  /api/social-posts/{id}/                                            401   404   200   401      401     401    401   a private post of Alice
GET    /api/social-posts/{id}/history/                                    404   404   200   401      401     401    401   Alice's private post
POST   /api/social-posts/{id}/bookmark/                                   401   404   200   401      401     401    401   Alice's private post
DELETE /api/social-posts/{id}/bookmark/                                   401   404   200   401      401     401    401   Alice's private post
GET    /api/social-posts/bookmarks/                                       401   200   200   401      401     401    401   the caller's bookmarks
GET    /api/social-posts/{id}/comments/                                   404   404   200   401      401     401    401   Alice's private post
DELETE /api/social-posts/{id}/delete/                                     401   404   200   401      401     401    401   a private post of Alice
POST   /api/social-posts/{id}/comment/                                    401   404   200   401      401     401    401   Alice's private post
POST   /api/social-posts/{id}/like/                                       401   404   200   401      401     401    401   Alice's private post
DELETE /api/social-posts/{id}/like/                                       401   404   200   401      401     401    401   Alice's private post
POST   /api/social-posts/{id}/report/                                     401   404   403   401      401     401    401   Alice's private post
POST   /api/social-posts/search/                                          200   200   200   401      401     401    401   Alice's private text
GET    /api/social-posts/search/                                          200   200   200   401      401     401    401   Alice's private text
GET    /api/social-posts/trends/                                          200   200   200   401      401     401    401   -
GET    /api/social-chat/                                                  401   200   200   401      401     401    401   the caller's chats
GET    /api/social-chat/{slug}/get-or-create/                             401   200   200   401      401     401    401   a chat with Bob
GET    /api/social-chat/{id}/                                             401   404   200   401      401     401    401   Alice and Bob's chat
POST   /api/social-chat/{id}/send/                                        401   404   200   401      401     401    401   Alice and Bob's chat
GET    /api/social-notifications/                                         401   200   200   401      401     401    401   the caller's notifications
POST   /api/social-notifications/read/{id}/                               401   404   200   401      401     401    401   Alice's notification
POST   /api/social-notifications/read-all/                                401   200   200   401      401     401    401   the caller's notifications
GET    /api/v1/vue-apps/                                                  200   200   200   401      401     401    401   -
POST   /api/v1/vue-apps/search/                                           200   200   200   401      401     401    401   -
GET    /api/search/                                                       200   200   200   401      401     401    401   Alice's private text
GET    /api/v1/portal-settings/                                           200   200   200   401      401     401    401   -
GET    /api/v1/countries/                                                 200   200   200   401      401     401    401   -
GET    /taberna-store/api/v1/product-categories/                          200   200   200   401      401     401    401   -
GET    /taberna-store/api/v1/latest-products/                             200   200   200   401      401     401    401   -
POST   /taberna-store/api/v1/products/search/                             200   200   200   401      401     401    401   -
GET    /taberna-store/api/v1/products/{categorySlug}/                     200   200   200   401      401     401    401   -
GET    /taberna-store/api/v1/products/{categorySlug}/{productSlug}/       200   200   200   401      401     401    401   -
POST   /taberna-store/api/v1/reviews/{productId}/                         401   403   201   401      401     401    401   a product Alice bought
GET    /taberna-cart/api/cart/                                            200   200   200   401      401     401    401   the caller's cart
GET    /taberna-cart/api/shipping-options/                                200   200   200   401      401     401    401   the caller's cart
POST   /taberna-cart/api/add-to-cart/{productId}/                         200   200   200   401      401     401    401   the caller's cart
POST   /taberna-cart/api/discount/                                        400   200   200   401      401     401    401   the caller's cart (none for anon)
DELETE /taberna-cart/api/discount/                                        200   200   200   401      401     401    401   the caller's cart
DELETE /taberna-cart/api/cart-remove/{productId}/{cartItemId}/            404   404   200   401      401     401    401   a line of Alice's cart
DELETE /taberna-cart/api/cart-item-remove/{productId}/{cartItemId}/       404   404   200   401      401     401    401   a line of Alice's cart
POST   /taberna-orders/api/v1/place_order_stripe_session/                 401   200   200   401      401     401    401   the caller's cart
POST   /taberna-orders/api/v1/place_order_stripe_charge/                  401   201   201   401      401     401    401   the caller's cart
POST   /taberna-orders/api/v1/order_payment_success/                      400   400   400   401      401     401    401   Alice's unpaid order
POST   /taberna-orders/api/v1/order_payment_failed/                       401   404   200   401      401     401    401   Alice's unpaid order
GET    /taberna-profiles/api/v1/orders/                                   401   200   200   401      401     401    401   the caller's orders
GET    /taberna-profiles/api/v1/orders/{order_number}/invoice/            401   404   200   401      401     401    401   Alice's paid order
GET    /taberna-profiles/api/v1/billing/                                  401   200   200   401      401     401    401   the caller's address
POST   /taberna-orders/stripe_webhook/                                    400   400   400   400      400     400    400   an unsigned event
GET    /taberna-orders/test-checkout/api/{sessionId}/                     200   200   200   401      401     401    401   Alice's checkout (the id is the key)
POST   /taberna-orders/test-checkout/api/{sessionId}/pay/                 200   200   200   401      401     401    401   a checkout of Alice (the id is the key)
GET    /ai-lab/status/                                                    200   200   200   401      401     401    401   -
POST   /ai-lab/                                                           401   404   200   401      401     401    401   Alice's AI conversation
POST   /ai-lab/stream/                                                    401   404   200   401      401     401    401   Alice's AI conversation
POST   /ai-lab/image-generator/                                           200   200   200   401      401     401    401   -
POST   /ai-lab/voice-generator/                                           200   200   200   401      401     401    401   -
POST   /ai-lab/download-image/                                            404   404   200   401      401     401    401   Alice's generated picture
GET    /ai-lab/conversations/                                             401   200   200   401      401     401    401   the caller's conversations
GET    /ai-lab/conversations/{id}/                                        401   404   200   401      401     401    401   Alice's AI conversation
PATCH  /ai-lab/conversations/{id}/                                        401   404   200   401      401     401    401   Alice's AI conversation
DELETE /ai-lab/conversations/{id}/                                        401   404   200   401      401     401    401   an AI conversation of Alice
GET    /ai-lab/gallery/                                                   401   200   200   401      401     401    401   the caller's media
POST   /ai-lab/upload-vision-images/                                      200   200   200   401      401     401    401   -
DELETE /ai-lab/delete-vision-image/                                       404   404   200   401      401     401    401   a picture Alice uploaded
POST   /ai-lab/realtime-token/                                            401   503   503   401      401     401    401   -
GET    /api/hyper3d/scenes/                                               401   200   200   401      401     401    401   the caller's scenes
POST   /api/hyper3d/scenes/                                               401   201   201   401      401     401    401   a new scene of the caller
GET    /api/hyper3d/scenes/{id}/                                          401   404   200   401      401     401    401   Alice's scene
PUT    /api/hyper3d/scenes/{id}/                                          401   404   200   401      401     401    401   a scene of Alice
DELETE /api/hyper3d/scenes/{id}/                                          401   404   204   401      401     401    401   a scene of Alice
GET    /api/hyper3d/scenes/{id}/files/{fileId}/                           401   404   200   401      401     401    401   the model of Alice's scene
POST   /api/hyper3d/scenes/{id}/share/                                    401   404   200   401      401     401    401   a scene of Alice
DELETE /api/hyper3d/scenes/{id}/share/                                    401   404   204   401      401     401    401   a shared scene of Alice
GET    /api/hyper3d/shared/{token}/                                       200   200   200   401      401     401    401   Alice's shared scene
GET    /api/hyper3d/shared/{token}/files/{fileId}/                        200   200   200   401      401     401    401   the model of Alice's shared scene
GET    /ai-lab/models/                                                    200   200   200   401      401     401    401   -
GET    /ai-lab/settings/                                                  401   200   200   401      401     401    401   the caller's AI settings
PUT    /ai-lab/settings/                                                  401   200   200   401      401     401    401   the caller's AI settings
POST   /ai-lab/attachments/                                               201   201   201   401      401     401    401   -
DELETE /ai-lab/attachments/{id}/                                          404   404   204   401      401     401    401   a document Alice uploaded
POST   /ai-lab/transcriptions/                                            503   503   503   401      401     401    401   - (no provider here)
GET    /ai-lab/conversations/{id}/export/                                 401   404   200   401      401     401    401   Alice's AI conversation
POST   /ai-lab/conversations/{id}/share/                                  401   404   200   401      401     401    401   Alice's AI conversation
DELETE /ai-lab/conversations/{id}/share/                                  401   404   204   401      401     401    401   a shared AI conversation of Alice
GET    /ai-lab/shared-conversations/{token}/                              200   200   200   401      401     401    401   a shared AI conversation of Alice (the token is the key)
POST   /ai-lab/conversations/{id}/messages/{messageId}/edit/              401   404   200   401      401     401    401   a question in Alice's AI conversation
POST   /ai-lab/conversations/{id}/messages/{messageId}/regenerate/        401   404   200   401      401     401    401   an answer in Alice's AI conversation
PUT    /ai-lab/conversations/{id}/messages/{messageId}/version/           401   404   200   401      401     401    401   a question in Alice's AI conversation
GET    /                                                                  503   503   503   503      503     503    503   the web app (not built here)
GET    /api/docs                                                          200   200   200   401      401     401    401   -
GET    /api/docs/json                                                     200   200   200   401      401     401    401   -
GET    /api/docs/yaml                                                     200   200   200   401      401     401    401   -
GET    /api/docs/static/index.html                                        302   302   302   401      401     401    401   -
GET    /api/docs/static/swagger-initializer.js                            200   200   200   401      401     401    401   -
GET    /api/docs/*                                                        200   200   200   401      401     401    401   -
GET    /*                                                                 200   200   200   401      401     401    401   Alice's uploaded picture (the name is the key)
GET    /category/{category}/{slug}/                                       404   404   404   401      401     401    401   -
`;

/**
 * Websockets: `ready` means admitted (the ready frame, or for the AI relay an answer to a message);
 * 4401 and 4403 are the close codes of deviation 1, with nothing sent before them.
 */
export const SOCKET_TABLE = `
route                                                  anon  other owner inactive expired forged none  target
GET /ws/social-chat/{conversationId}/{profileId}/      4401  4403  ready 4401     4401    4401   4401  Alice and Bob's chat, the caller's profile
GET /wss/social-chat/{conversationId}/{profileId}/     4401  4403  ready 4401     4401    4401   4401  Alice and Bob's chat, the caller's profile
GET /ws/notification/{profileId}/                      4401  4403  ready 4401     4401    4401   4401  Alice's notifications
GET /wss/notification/{profileId}/                     4401  4403  ready 4401     4401    4401   4401  Alice's notifications
GET /ws/ai-lab/realtime/                               ready ready ready 4401     4401    4401   4401  -
`;

/**
 * The back office (issue 15): every route refuses anonymous callers (401) and anyone without a role
 * (403, here Mallory, a customer) before it reads anything; staff and owners are admitted, except
 * that only owners change roles. Each admitted caller acts on a target of its own.
 */
export const BACKOFFICE_TABLE = `
route                                                        anon customer staff owner target
GET    /api/backoffice/overview/                               401  403      200   200   -
GET    /api/backoffice/categories/                             401  403      200   200   -
POST   /api/backoffice/categories/                             401  403      201   201   a new category
PATCH  /api/backoffice/categories/{id}/                        401  403      200   200   a category of its own
DELETE /api/backoffice/categories/{id}/                        401  403      204   204   an empty category of its own
GET    /api/backoffice/products/                               401  403      200   200   -
POST   /api/backoffice/products/                               401  403      201   201   a new product
GET    /api/backoffice/products/export/                        401  403      200   200   -
POST   /api/backoffice/products/import/                        401  403      200   200   a new product of a category of its own
GET    /api/backoffice/products/{id}/                          401  403      200   200   a product
PATCH  /api/backoffice/products/{id}/                          401  403      200   200   a product of its own
DELETE /api/backoffice/products/{id}/                          401  403      200   200   a product of its own
POST   /api/backoffice/products/{id}/images/                   401  403      201   201   a product of its own
POST   /api/backoffice/products/{id}/images/order/             401  403      200   200   a product of its own with two pictures
DELETE /api/backoffice/products/{id}/images/{imageId}/         401  403      204   204   a picture of its own product
PATCH  /api/backoffice/products/{id}/images/{imageId}/         401  403      200   200   a picture of its own product
GET    /api/backoffice/products/{id}/variants/                 401  403      200   200   a product
PATCH  /api/backoffice/products/{id}/variants/{variantId}/     401  403      200   200   a variant of its own product
POST   /api/backoffice/stock/{product_id}/adjust/              401  403      200   200   a product of its own
POST   /api/backoffice/stock/adjust/                           401  403      200   200   a product of its own
GET    /api/backoffice/stock/                                  401  403      200   200   -
GET    /api/backoffice/orders/                                 401  403      200   200   -
GET    /api/backoffice/orders/export/                          401  403      200   200   -
GET    /api/backoffice/orders/{id}/                            401  403      200   200   a paid order of Bob
GET    /api/backoffice/orders/{id}/invoice/                    401  403      200   200   a paid order of Bob
GET    /api/backoffice/orders/{id}/packing-slip/               401  403      200   200   a paid order of Bob
POST   /api/backoffice/orders/{id}/ship/                       401  403      200   200   a paid order of Bob of its own
POST   /api/backoffice/orders/{id}/deliver/                    401  403      200   200   a shipped order of Bob of its own
POST   /api/backoffice/orders/{id}/cancel/                     401  403      200   200   an unpaid order of its own
POST   /api/backoffice/orders/{id}/refund/                     401  403      200   200   a paid order of Bob of its own
POST   /api/backoffice/orders/{id}/notes/                      401  403      201   201   a paid order of Bob
GET    /api/backoffice/customers/                              401  403      200   200   -
GET    /api/backoffice/customers/export/                       401  403      200   200   -
GET    /api/backoffice/customers/{id}/                         401  403      200   200   Bob
GET    /api/backoffice/reports/                                401  403      200   200   -
POST   /api/backoffice/posts/{id}/hide/                        401  403      200   200   a post of Bob of its own
POST   /api/backoffice/posts/{id}/restore/                     401  403      200   200   a hidden post of Bob of its own
POST   /api/backoffice/posts/{id}/dismiss/                     401  403      200   200   a reported post of Bob of its own
GET    /api/backoffice/accounts/                               401  403      200   200   -
POST   /api/backoffice/accounts/{id}/suspend/                  401  403      200   200   a new person
POST   /api/backoffice/accounts/{id}/reinstate/                401  403      200   200   a suspended new person
POST   /api/backoffice/accounts/{id}/role/                     401  403      403   200   a new person
POST   /api/backoffice/accounts/{id}/export/                   401  403      200   200   a new person
POST   /api/backoffice/accounts/{id}/delete/                   401  403      204   204   a new person
GET    /api/backoffice/audit/                                  401  403      200   200   -
GET    /api/backoffice/shipping-zones/                         401  403      200   200   -
POST   /api/backoffice/shipping-zones/                         401  403      201   201   a new zone of a country of its own
PATCH  /api/backoffice/shipping-zones/{id}/                    401  403      200   200   a zone of its own
DELETE /api/backoffice/shipping-zones/{id}/                    401  403      204   204   a zone of its own
GET    /api/backoffice/tax-rates/                              401  403      200   200   -
POST   /api/backoffice/tax-rates/                              401  403      201   201   a new rate of a country of its own
PATCH  /api/backoffice/tax-rates/{id}/                         401  403      200   200   a rate of its own
DELETE /api/backoffice/tax-rates/{id}/                         401  403      204   204   a rate of its own
GET    /api/backoffice/discounts/                              401  403      200   200   -
POST   /api/backoffice/discounts/                              401  403      201   201   a new code
PATCH  /api/backoffice/discounts/{id}/                         401  403      200   200   a code of its own
DELETE /api/backoffice/discounts/{id}/                         401  403      204   204   a code of its own
`;

export interface BackofficeRow {
  route: string;
  expected: Record<BackofficeCaller, string>;
  target: string;
}

export function parseBackofficeTable(text: string): BackofficeRow[] {
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      const outcomes = cells.slice(2, 2 + BACKOFFICE_CALLERS.length);
      if (outcomes.length !== BACKOFFICE_CALLERS.length || outcomes.some((cell) => !/^\d{3}$/.test(cell))) {
        throw new Error(`Malformed matrix line: ${line}`);
      }
      return {
        route: `${cells[0]} ${cells[1]}`,
        expected: Object.fromEntries(BACKOFFICE_CALLERS.map((caller, i) => [caller, outcomes[i]!])) as Record<
          BackofficeCaller,
          string
        >,
        target: cells.slice(2 + BACKOFFICE_CALLERS.length).join(' '),
      };
    });
}

export interface MatrixRow {
  route: string;
  expected: Record<Caller, string>;
  target: string;
}

/** Reads a table above into rows, failing loudly on a malformed line. */
export function parseTable(text: string): MatrixRow[] {
  const lines = text.trim().split('\n').slice(1);
  return lines.map((line) => {
    const cells = line.trim().split(/\s+/);
    const route = `${cells[0]} ${cells[1]}`;
    const outcomes = cells.slice(2, 2 + CALLERS.length);
    if (outcomes.length !== CALLERS.length || outcomes.some((cell) => !/^(\d{3,4}|ready)$/.test(cell))) {
      throw new Error(`Malformed matrix line: ${line}`);
    }
    return {
      route,
      expected: Object.fromEntries(CALLERS.map((caller, i) => [caller, outcomes[i]!])) as Record<Caller, string>,
      target: cells.slice(2 + CALLERS.length).join(' '),
    };
  });
}
