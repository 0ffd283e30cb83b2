import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPage } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, getJson, pathOf, post, socialUser, type SocialUser } from './support/social.js';

let t: TestApp;
let ana: SocialUser;

beforeAll(async () => {
  t = await createTestApp();
  ana = await socialUser(t, { first_name: 'Anastasia', last_name: 'Brookfield', username: 'stacy_b' });
  await socialUser(t, { first_name: 'Bruno', last_name: 'Anders', username: 'bruno_a' });
  await socialUser(t, { first_name: 'Carla', last_name: 'Men%des', username: 'carlam' });
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const search = async (query: unknown, user?: SocialUser, qs = '') => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/social-posts/search/${qs}`,
    headers: user?.headers ?? {},
    payload: { query },
  });
  return { status: response.statusCode, body: response.json() as SearchPage };
};
const names = (page: SearchPage) => page.results.profiles.map((profile) => profile.full_name);

describe('people search', () => {
  it('matches first name, last name, full name and username, case-insensitively', async () => {
    expect(names((await search('ANDERS')).body)).toEqual(['Bruno Anders']);
    expect(names((await search('anastasia brook')).body)).toEqual(['Anastasia Brookfield']);
    expect(names((await search('stacy')).body)).toEqual(['Anastasia Brookfield']);
    expect(new Set(names((await search('an')).body))).toEqual(new Set(['Anastasia Brookfield', 'Bruno Anders']));
    expect(names((await search('%d')).body)).toEqual(['Carla Men%des']);
    expect(names((await search('_')).body)).toEqual(['Anastasia Brookfield', 'Bruno Anders']);
  });

  it('forgives a typo ("brno" finds Bruno), ranking exact and partial matches above typo matches', async () => {
    expect(names((await search('brno')).body)).toEqual(['Bruno Anders']);
    expect(names((await search('Anastsia')).body)).toEqual(['Anastasia Brookfield']);
    await socialUser(t, { first_name: 'Brunhilde', last_name: 'Typo', username: 'brunhilde_t' });
    await socialUser(t, { first_name: 'Bruna', last_name: 'Typo', username: 'bruna_t' });
    const ranked = names((await search('bruno')).body);
    expect(ranked[0]).toBe('Bruno Anders');
    expect(ranked).toContain('Bruna Typo');
    expect(names((await search('zzqx')).body)).toEqual([]);
  });
});

describe('post search', () => {
  it('finds words by full text (with stemming) and parts of words, best match first', async () => {
    const once = await post(
      t,
      ana,
      'A long note about my week: work, errands, and one bicycle ride along the river to the old mill.',
    );
    const many = await post(t, ana, 'Bicycle bicycle bicycle! New bicycle day.');
    await post(t, ana, 'Nothing to see here');
    const running = await post(t, ana, 'I love running by the sea');
    const found = await search('bicycle');
    expect(found.body.results.posts.map((item) => item.id)).toEqual([many.id, once.id]);
    expect(found.body.count).toBe(2);
    expect((await search('run')).body.results.posts.map((item) => item.id)).toEqual([running.id]);
    expect((await search('icycl')).body.count).toBe(2);
    expect((await search('the')).body.count).toBeGreaterThan(0);
  });

  it('forgives a typo, exact matches first, and keeps private posts private', async () => {
    const exact = await post(t, ana, 'Practising the saxophone every evening');
    const hidden = await post(t, ana, 'My secret saxophone recital', { isPrivate: true });
    const typo = await search('saxophne');
    expect(typo.body.results.posts.map((item) => item.id)).toEqual([exact.id]);
    const stranger = await socialUser(t, { first_name: 'Sam', last_name: 'Stranger' });
    expect((await search('saxophne', stranger)).body.results.posts.map((item) => item.id)).toEqual([exact.id]);
    const mine = (await search('saxophne', ana)).body.results.posts.map((item) => item.id);
    expect(new Set(mine)).toEqual(new Set([exact.id, hidden.id]));
    const ranked = (await search('saxophone evening', ana)).body.results.posts.map((item) => item.id);
    expect(ranked[0]).toBe(exact.id);
    // The dictionary keeps the letters of a word, the full-text index the whole token: "zebrafish3f2"
    // is found by its misspelt letters too.
    const numbered = await post(t, ana, 'Feeding the zebrafish3f2 in the pond');
    expect((await search('zebrafsh3f2')).body.results.posts.map((item) => item.id)).toEqual([numbered.id]);
    expect((await search('zebrafsh')).body.results.posts.map((item) => item.id)).toEqual([numbered.id]);
  });

  it('pages: POST for the first page, GET with the query for the next', async () => {
    for (let n = 0; n < 5; n += 1) await post(t, ana, `Pagination sample number ${n} #paging`);
    const first = await search('pagination', undefined, '?page_size=2');
    expect(first.body.count).toBe(5);
    expect(first.body.results.posts).toHaveLength(2);
    expect(first.body.next).toBe('http://portal.test/api/social-posts/search/?page=2&page_size=2&query=pagination');
    const second = await getJson<SearchPage>(t, pathOf(first.body.next!));
    expect(second.status).toBe(200);
    expect(second.body.results.posts).toHaveLength(2);
    expect(second.body.previous).toBe('http://portal.test/api/social-posts/search/?page_size=2&query=pagination');
    // A client that appends the query itself to the `next` link is understood too.
    const appended = await getJson<SearchPage>(t, `${pathOf(first.body.next!)}&query=pagination`);
    expect(appended.body.results.posts.map((item) => item.id)).toEqual(second.body.results.posts.map((item) => item.id));
    const third = await getJson<SearchPage>(t, pathOf(second.body.next!));
    expect(third.body.results.posts).toHaveLength(1);
    expect(third.body.next).toBeNull();
    expect((await getJson(t, '/api/social-posts/search/?query=pagination&page=9')).status).toBe(404);
  });

  it('refuses a missing or blank query with field errors', async () => {
    expect(await search(undefined)).toEqual({ status: 400, body: { query: ['This field is required.'] } });
    expect(await search('   ')).toEqual({ status: 400, body: { query: ['This field may not be blank.'] } });
    expect(await search('x'.repeat(201))).toEqual({
      status: 400,
      body: { query: ['Ensure this field has no more than 200 characters.'] },
    });
    const get = await getJson(t, '/api/social-posts/search/');
    expect(get).toEqual({ status: 400, body: { query: ['This field is required.'] } });
  });
});
