import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SOURCE_CODE_URL: 'https://git.example.com/portal', CV_URL: '/cv.pdf' });
});
afterAll(() => t.close());

type Project = {
  id: number;
  title: string;
  photo: string;
  url: string;
  view_url: string;
  github_url: string;
  description: string;
};

describe('apps manager', () => {
  it("lists the portal's own apps, newest first, with absolute photo and url", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' });
    expect(response.statusCode).toBe(200);
    const apps = response.json() as Project[];
    expect(apps.map((app) => app.title)).toEqual(['Taberna E-com', 'Social Network', 'AI Lab', 'Hyper 3D (Work In Progress)']);
    expect(apps.map((app) => app.view_url)).toEqual(['/taberna', '/social/home', '/ai-lab', '/hyper3d']);
    for (const app of apps) {
      expect(app.photo).toMatch(/^http:\/\/portal\.test\/static\/media\/portfolio\/projects\/[a-z0-9-]+\.webp$/);
      expect(app.url).toMatch(/^http:\/\/portal\.test\/category\/vuejs\/[a-z0-9-]+\/$/);
      expect(app.github_url).toBe('https://git.example.com/portal');
      expect(app.description.length).toBeGreaterThan(20);
    }
  });

  it('serves the generated pictures', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' })).json() as Project[];
    const picture = await t.app.inject({ method: 'GET', url: new URL(first!.photo).pathname });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('searches title and description, case-insensitively; url loses its trailing slash', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/vue-apps/search/', payload: { query: 'SHOP' } });
    const apps = response.json() as Project[];
    expect(apps.map((app) => app.title)).toEqual(['Taberna E-com']);
    expect(apps[0]!.url).toBe('http://portal.test/category/vuejs/taberna');
    const byDescription = (
      await t.app.inject({ method: 'POST', url: '/api/v1/vue-apps/search/', payload: { query: 'realtime' } })
    ).json() as Project[];
    expect(byDescription.map((app) => app.title)).toEqual(['AI Lab']);
  });

  it('treats % and _ in the query as plain characters', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/vue-apps/search/', payload: { query: '%' } });
    expect(response.json()).toEqual([]);
  });

  it('an empty query answers {"projects": []}', async () => {
    for (const payload of [{ query: '' }, { query: '   ' }, {}, { query: null }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/vue-apps/search/', payload });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ projects: [] });
    }
  });

  it('rejects a query of the wrong type or length', async () => {
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/v1/vue-apps/search/', payload: { query: ['a'] } });
    expect(wrongType.statusCode).toBe(400);
    expect(json(wrongType)).toEqual({ query: ['query must be a string.'] });
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/v1/vue-apps/search/', payload: { query: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
  });

  it("a project's url leads to its app", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/category/vuejs/social/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/social/home');
  });

  it("publishes the links of the shells and the shop's currency from the settings", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/portal-settings/' });
    expect(json(response)).toEqual({
      links: { cv: '/cv.pdf', source_code: 'https://git.example.com/portal', professional_network: '', all_apps: '/' },
      suspension_contact: '',
      currency: 'USD',
    });
  });
});
