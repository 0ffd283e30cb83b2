import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, multipart, picture, socialUser } from './support/social.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

// Issue 14.6: with PUBLIC_URL unset, absolute links in answers follow the address the request
// reached (a portal opened at http://127.0.0.1:8000 must not hand out http://localhost:8000 media
// links that its content security policy then blocks). Email links never follow the request.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: '', PORT: '8000' });
});
afterAll(() => t.close());

const at = (host: string, extra: Record<string, string> = {}) => ({ host, ...extra });

describe('absolute links without PUBLIC_URL', () => {
  it('media and app links of the apps manager use the host the request came to', async () => {
    for (const host of ['127.0.0.1:8000', 'portal.lan:8080', '[::1]:8000']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/', headers: at(host) });
      const apps = response.json() as { photo: string; url: string }[];
      expect(apps.length).toBeGreaterThan(0);
      for (const app of apps) {
        expect(app.photo.startsWith(`http://${host}/static/media/`), app.photo).toBe(true);
        expect(app.url.startsWith(`http://${host}/category/`), app.url).toBe(true);
      }
    }
  });

  it('uploaded pictures and the feed’s next link follow the request too, POST included', async () => {
    const author = await socialUser(t);
    const form = await multipart({ body: 'A picture', is_private: 'false' }, [{ field: 'images[0]', data: await picture() }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/social-posts/create/',
      headers: { ...author.headers, ...form.headers, host: '127.0.0.1:8000' },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(200);
    const body = json(created) as { attachments: { image_url: string; thumbnail_url: string }[] };
    expect(body.attachments[0]!.image_url).toMatch(/^http:\/\/127\.0\.0\.1:8000\/static\/media\//);
    for (let n = 0; n < 11; n += 1) expect((await createPost(t, author, `Post ${n}`)).statusCode).toBe(200);
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/social-posts/',
      headers: { ...author.headers, host: '192.168.1.20:8000' },
    });
    expect((json(feed) as { next: string }).next).toMatch(/^http:\/\/192\.168\.1\.20:8000\/api\/social-posts\/\?/);
  });

  it('a malformed Host falls back to the default address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/', headers: at('evil.example/x?') });
    const [first] = response.json() as { photo: string }[];
    expect(first!.photo.startsWith('http://localhost:8000/static/media/')).toBe(true);
  });

  it('never puts the request’s host in an email link (a forged Host cannot steal a reset link)', async () => {
    const { person } = await socialUser(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authusers/reset_password/',
      headers: at('evil.example'),
      payload: { email: person.email, app: 'social' },
    });
    expect(asked.statusCode).toBe(204);
    expect(t.mail.lastLinkTo(person.email)).toMatch(/^http:\/\/localhost:8000\/social\/reset-password\//);
  });
});
