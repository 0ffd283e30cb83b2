import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_MESSAGES } from '@portal/contracts';
import { postComments, socialProfiles, tabernaOrders } from '../src/db/schema/index.js';
import { backoffice, member, paidOrder, type Member } from './support/backoffice.js';
import { conversationOf, notificationPath, openLive, say } from './support/chat.js';
import { personalDataHits, tablesReferringToPeople } from './support/personal-data.js';
import { befriend, picture, post, SETUP_TIMEOUT_MS } from './support/social.js';
import { createProduct } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { jsonIn, readZip } from './support/zip.js';

/** Issue 26: a member's data — the export (articles 15, 20) and the deletion (article 17). */
let t: TestApp;
let origin: string;
let staff: Member;
let owner: Member;
let rosa: Member;
let friend: Member;
let rosaPost: { id: string; attachments: { image_url: string; thumbnail_url: string }[] };
let friendPostId: string;
let orderId: number;
const phone = `+35191${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const as = (who: Member | null) => ({ headers: who?.headers ?? {} });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Member | null, payload?: object) =>
  t.app.inject({ method, url, ...as(who), ...(payload ? { payload } : {}) });
const mediaFile = (url: string) =>
  fs.readFile(path.join(t.dataDir, 'media', new URL(url).pathname.replace('/static/media/', '')));
const sales = async () => ((await backoffice(t, staff)('GET', '/overview/')).json() as { sales: { today: string } }).sales.today;

beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_EXPORT_INLINE_LIMIT: '60', LOGIN_MAX_FAILURES: '3', PUBLIC_CACHE: 'off' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [staff, owner, rosa, friend] = await Promise.all([member(t, 'staff'), member(t, 'owner'), member(t), member(t)]);

  // Rosa's life on the portal: a post with a picture, a friend, a like and a comment, a chat, an
  // order and its review, an AI conversation and a generated picture.
  await befriend(t, rosa, friend);
  rosaPost = await post(t, rosa, 'Rosa at the beach', { images: [await picture('png', 40, 30, '#cc3366')] });
  friendPostId = (await post(t, friend, 'Friend news')).id;
  expect((await call('POST', `/api/social-posts/${friendPostId}/like/`, rosa)).statusCode).toBe(200);
  expect((await call('POST', `/api/social-posts/${friendPostId}/comment/`, rosa, { body: 'Lovely, from Rosa' })).statusCode).toBe(
    200,
  );
  expect((await call('POST', `/api/social-posts/${rosaPost.id}/like/`, friend)).statusCode).toBe(200);
  // Issue 27: an edit (a content warning), a bookmark and a mute are hers too.
  const edited = await t.app.inject({
    method: 'PATCH',
    url: `/api/social-posts/${rosaPost.id}/`,
    headers: rosa.headers,
    payload: { content_warning: 'Sunburn' },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect((await call('POST', `/api/social-posts/${friendPostId}/bookmark/`, rosa)).statusCode).toBe(200);
  expect((await call('POST', `/api/social-profiles/${owner.profile.slug}/mute/`, rosa)).statusCode).toBe(200);
  await say(t.app, rosa, (await conversationOf(t.app, rosa, friend)).id, 'Hello from Rosa');
  const product = await createProduct(t.database.db, { price: '12.50' });
  orderId = await paidOrder(t, staff, rosa, product.id, 2, {
    first_name: rosa.person.first_name,
    last_name: rosa.person.last_name,
    phone,
    address_line_1: '7 Rua das Flores',
    postal_code: '1200-195',
    // Issue 25: a parcel sent elsewhere; its address is personal too.
    shipping_address: {
      first_name: 'Rosa',
      last_name: rosa.person.last_name,
      address_line_1: '12 Travessa do Carmo',
      postal_code: '1200-093',
      city: 'Lisboa',
      country: 'Portugal',
    },
  });
  const review = { subject: 'Great', review: 'Soft and warm', rating: 5 };
  expect((await call('POST', `/taberna-store/api/v1/reviews/${product.id}/`, rosa, review)).statusCode).toBe(201);
  expect((await call('POST', '/ai-lab/', rosa, { question: 'Tell me a joke about Lisbon' })).statusCode).toBe(200);
  expect((await call('POST', '/ai-lab/image-generator/', rosa, { question: 'A red tram' })).statusCode).toBe(200);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

describe('the export', () => {
  it("answers a ZIP of the member's data: account, social, chat, notifications, shop, AI lab, and the files", async () => {
    const answer = await call('GET', '/api/v1/account/export/', rosa);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="portal-data-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await readZip(answer.rawPayload);
    expect(files.get('README.txt')?.toString()).toContain(rosa.person.email);

    expect(jsonIn(files, 'account/account.json')).toMatchObject({
      id: rosa.accountId,
      email: rosa.person.email,
      username: rosa.person.username,
      first_name: rosa.person.first_name,
      last_name: rosa.person.last_name,
    });
    expect(jsonIn<unknown[]>(files, 'account/sessions.json').length).toBeGreaterThan(0);

    const posts = jsonIn<
      {
        id: string;
        body: string;
        content_warning: string | null;
        earlier_versions: { content_warning: string | null }[];
        pictures: { image: string; thumbnail: string }[];
      }[]
    >(files, 'social/posts.json');
    expect(posts.map((p) => [p.id, p.body, p.content_warning])).toEqual([[rosaPost.id, 'Rosa at the beach', 'Sunburn']]);
    expect(posts[0]!.earlier_versions.map((version) => version.content_warning)).toContain(null);
    expect(jsonIn(files, 'social/bookmarks.json')).toEqual([expect.objectContaining({ post_id: friendPostId })]);
    expect(jsonIn(files, 'social/mutes.json')).toEqual([expect.objectContaining({ username: owner.person.username })]);
    expect(jsonIn(files, 'social/blocks.json')).toEqual([]);
    // The pictures are the stored files, byte for byte.
    expect(files.get(`social/${posts[0]!.pictures[0]!.image}`)).toEqual(await mediaFile(rosaPost.attachments[0]!.image_url));
    expect(files.get(`social/${posts[0]!.pictures[0]!.thumbnail}`)).toEqual(
      await mediaFile(rosaPost.attachments[0]!.thumbnail_url),
    );
    expect(jsonIn(files, 'social/comments.json')).toEqual([
      expect.objectContaining({ post_id: friendPostId, body: 'Lovely, from Rosa' }),
    ]);
    expect(jsonIn(files, 'social/likes.json')).toEqual([expect.objectContaining({ post_id: friendPostId })]);
    expect(jsonIn(files, 'social/friends.json')).toEqual([expect.objectContaining({ username: friend.person.username })]);
    expect(jsonIn(files, 'chat/messages.json')).toEqual([expect.objectContaining({ body: 'Hello from Rosa', from_me: true })]);
    expect(jsonIn<{ type: string }[]>(files, 'notifications/notifications.json').length).toBeGreaterThan(0);

    const mine = (await call('GET', '/taberna-profiles/api/v1/orders/', rosa)).json() as {
      order_number: string;
      order_total: number;
    }[];
    const orders = jsonIn<{ order_number: string; total: string; billing: { phone: string }; lines: { quantity: number }[] }[]>(
      files,
      'shop/orders.json',
    );
    expect(orders).toHaveLength(1);
    expect(mine).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      order_number: mine[0]!.order_number,
      total: mine[0]!.order_total.toFixed(2),
      billing: { phone },
    });
    expect(orders[0]!.lines).toEqual([expect.objectContaining({ quantity: 2, unit_price: '12.50' })]);
    expect(jsonIn(files, 'shop/reviews.json')).toEqual([expect.objectContaining({ subject: 'Great', rating: 5 })]);

    expect(jsonIn<unknown[]>(files, 'ai-lab/conversations.json')).toHaveLength(1);
    expect(jsonIn(files, 'ai-lab/messages.json')).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: 'user', content: 'Tell me a joke about Lisbon' })]),
    );
    const media = jsonIn<{ file: string; prompt: string }[]>(files, 'ai-lab/media.json');
    expect(media).toEqual([expect.objectContaining({ prompt: 'A red tram' })]);
    expect(files.get(`ai-lab/${media[0]!.file}`)?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('builds a very large account in the background and emails a signed link that only works as sent', async () => {
    const bulky = await member(t);
    const [profile] = await t.database.db
      .select({ id: socialProfiles.id })
      .from(socialProfiles)
      .where(eq(socialProfiles.accountId, bulky.accountId));
    await t.database.db.insert(postComments).values(
      Array.from({ length: 80 }, (_, i) => ({
        id: crypto.randomUUID(),
        postId: friendPostId,
        createdById: profile!.id,
        body: `Comment ${i}`,
      })),
    );
    const answer = await call('GET', '/api/v1/account/export/', bulky);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ detail: ACCOUNT_DATA_MESSAGES.exportQueued });
    await vi.waitFor(
      () =>
        expect(t.mail.sent.some((m) => m.to === bulky.person.email && m.subject === 'Your data is ready to download')).toBe(true),
      {
        timeout: 60_000,
        interval: 50,
      },
    );
    const link = new URL(t.mail.lastLinkTo(bulky.person.email));
    expect(link.pathname).toMatch(/^\/api\/v1\/account\/export\/download\/[^/]+\/$/);
    const download = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const comments = jsonIn<{ body: string }[]>(await readZip(download.rawPayload), 'social/comments.json');
    expect(comments.map((c) => c.body).sort()).toEqual(Array.from({ length: 80 }, (_, i) => `Comment ${i}`).sort());
    // Its id, expiry or signature changed: nothing.
    const token = link.pathname.split('/').at(-2)!;
    for (const forged of [
      token.replace(/-(\d+)-/, (_m, s: string) => `-${Number(s) + 3600}-`),
      // One character of the signature changed (never to itself).
      `${token.slice(0, -5)}${token.at(-5) === 'A' ? 'B' : 'A'}${token.slice(-4)}`,
      'x.y',
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/v1/account/export/download/${forged}/` });
      expect(refused.statusCode, forged).toBe(404);
      expect(refused.json()).toEqual({ detail: ACCOUNT_DATA_MESSAGES.exportLinkExpired });
    }
  });

  it('is for the logged-in member only', async () => {
    expect((await call('GET', '/api/v1/account/export/', null)).statusCode).toBe(401);
  });
});

describe('every table about people has a part', () => {
  it('covers each table whose foreign keys point at an account or a profile, and names only real tables', async () => {
    const claimed = t.app.accountData.parts().flatMap((part) => part.tables);
    const referring = await tablesReferringToPeople(t.database.db);
    expect(referring.length).toBeGreaterThan(10);
    expect(referring.filter((table) => !claimed.includes(table))).toEqual([]);
    const existing = (await t.database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as {
      rows: { tablename: string }[];
    };
    const names = existing.rows.map((row) => row.tablename);
    expect(claimed.filter((table) => !names.includes(table))).toEqual([]);
  });
});

describe('deleting an account', () => {
  it('refuses a wrong password with 400 in the contract shape and counts it with the login throttle', async () => {
    const careful = await member(t);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await call('DELETE', '/api/v1/account/', careful, { password: 'not-my-password-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ password: [ACCOUNT_DATA_MESSAGES.wrongPassword] });
    }
    const locked = await call('DELETE', '/api/v1/account/', careful, { password: careful.person.password });
    expect(locked.statusCode).toBe(429);
    expect((await call('DELETE', '/api/v1/account/', careful, {})).json()).toEqual({ password: ['This field is required.'] });
    expect((await call('GET', '/api/v1/account/', careful)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/v1/account/', null, { password: 'x' })).statusCode).toBe(401);
  });

  it('deletes everything personal in one go, ends sessions and sockets, keeps the orders anonymised and the totals', async () => {
    const salesBefore = await sales();
    const [ordersBefore] = await t.database.db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`sum(order_total)` })
      .from(tabernaOrders);
    const socket = await openLive(origin + notificationPath(rosa.profile.id), rosa.access);
    const files = [rosaPost.attachments[0]!.image_url, rosaPost.attachments[0]!.thumbnail_url];
    const needles = [rosa.person.email, rosa.person.last_name, rosa.person.username, phone, 'Travessa do Carmo', '1200-195'];
    expect(await personalDataHits(t.database.db, needles)).not.toEqual([]);

    const deleted = await call('DELETE', '/api/v1/account/', rosa, { password: rosa.person.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await socket.closed()).toBe(4401);
    expect((await call('GET', '/api/v1/account/', rosa)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: rosa.person.email, password: rosa.person.password },
    });
    expect(login.statusCode).toBe(401);
    expect(t.mail.sent.filter((m) => m.to === rosa.person.email).map((m) => m.subject)).toContain(
      'Your account has been deleted',
    );

    // No email, name, username or phone anywhere in the database.
    expect(await personalDataHits(t.database.db, needles)).toEqual([]);
    for (const url of files) await expect(mediaFile(url)).rejects.toThrow(/ENOENT/);
    // The shop's books are as they were: the order is there, without its customer.
    expect(await sales()).toBe(salesBefore);
    const [ordersAfter] = await t.database.db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`sum(order_total)` })
      .from(tabernaOrders);
    expect(ordersAfter).toEqual(ordersBefore);
    const [kept] = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.id, orderId));
    expect(kept).toMatchObject({
      accountId: null,
      email: '',
      firstName: '',
      phone: '',
      orderTotal: '25.50',
      paymentState: 'paid',
    });
    expect((await backoffice(t, staff)('GET', `/orders/${orderId}/`)).json()).toMatchObject({
      account: null,
      order_total: '25.50',
    });
    // What Rosa did to others' things is undone, counters included.
    const friendPost = (
      (await call('GET', `/api/social-posts/${friendPostId}/`, friend)).json() as {
        post: { likes_count: number; comments_count: number };
      }
    ).post;
    // (Rosa's comment was its only counted one: the bulky export's were written straight into the table.)
    expect(friendPost).toMatchObject({ likes_count: 0, comments_count: 0 });
    const me = (await call('GET', '/api/social-profiles/me/', friend)).json() as { friends_count: number };
    expect(me.friends_count).toBe(0);
  });
});

describe('on request, through staff', () => {
  it('exports and deletes a member (audited), refuses staff accounts to staff, and keeps the last owner', async () => {
    const asking = await member(t);
    const bo = backoffice(t, staff);
    const exported = await bo('POST', `/accounts/${asking.accountId}/export/`, { reason: 'Asked by email on 3 May' });
    expect(exported.statusCode).toBe(200);
    expect(jsonIn(await readZip(exported.rawPayload), 'account/account.json')).toMatchObject({ email: asking.person.email });
    expect((await bo('POST', `/accounts/${asking.accountId}/delete/`, {})).json()).toEqual({
      reason: ['This field is required.'],
    });
    expect((await bo('POST', `/accounts/${owner.accountId}/delete/`, { reason: 'coup' })).statusCode).toBe(403);
    expect((await bo('POST', `/accounts/${staff.accountId}/delete/`, { reason: 'me' })).statusCode).toBe(409);
    expect((await bo('POST', '/accounts/999999/delete/', { reason: 'x' })).statusCode).toBe(404);

    expect((await bo('POST', `/accounts/${asking.accountId}/delete/`, { reason: 'Asked by email on 3 May' })).statusCode).toBe(
      204,
    );
    expect(await personalDataHits(t.database.db, [asking.person.email, asking.person.last_name])).toEqual([]);
    const audit = (await bo('GET', `/audit/?search=account:${asking.accountId}&ordering=created_at`)).json() as {
      results: { action: string; actor: string; after: unknown }[];
    };
    expect(audit.results.map((r) => [r.action, r.actor, r.after])).toEqual([
      ['account.export', staff.person.email, { reason: 'Asked by email on 3 May' }],
      ['account.delete', staff.person.email, { reason: 'Asked by email on 3 May', deleted: true }],
    ]);

    // The only owner cannot delete their account; staff can delete theirs.
    const last = await call('DELETE', '/api/v1/account/', owner, { password: owner.person.password });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ detail: ACCOUNT_DATA_MESSAGES.lastOwner });
    expect((await call('GET', '/api/v1/account/', owner)).statusCode).toBe(200);
    expect(
      (await backoffice(t, owner)('POST', `/accounts/${staff.accountId}/delete/`, { reason: 'Left the team' })).statusCode,
    ).toBe(204);
  });
});
