import type { Profile } from '@portal/contracts';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { bearer, registerActivated, socialLogin } from './accounts.js';
import { newPerson, type TestApp } from './test-app.js';

export interface SocialUser {
  person: ReturnType<typeof newPerson>;
  access: string;
  refresh: string;
  headers: { authorization: string };
  profile: Profile;
}

/** A new activated person with a social profile, logged in. */
export async function socialUser(t: TestApp, names: Partial<ReturnType<typeof newPerson>> = {}): Promise<SocialUser> {
  const { person } = await registerActivated(t.app, t.mail, 'social', { ...newPerson(), ...names });
  const { access, refresh } = await socialLogin(t.app, person);
  const headers = bearer(access);
  const profile = (await t.app.inject({ method: 'GET', url: '/api/social-profiles/me/', headers })).json() as Profile;
  return { person, access, refresh, headers, profile };
}

export interface FilePart {
  field: string;
  data: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }),
      file.filename ?? 'photo.jpg',
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** A plain picture of the given format and size. */
export function picture(
  format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg',
  width = 64,
  height = 48,
  color = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

export async function createPost(
  t: TestApp,
  user: Pick<SocialUser, 'headers'> | undefined,
  body: string,
  options: { isPrivate?: boolean; images?: Buffer[] } = {},
): Promise<LightMyRequestResponse> {
  const form = await multipart(
    { body, is_private: options.isPrivate ? 'true' : 'false' },
    (options.images ?? []).map((data, index) => ({ field: `images[${index}]`, data })),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/social-posts/create/',
    headers: { ...user?.headers, ...form.headers },
    payload: form.payload,
  });
}

/** Creates a post and returns its id, failing loudly if the server refused it. */
export async function post(t: TestApp, user: SocialUser, body: string, options: { isPrivate?: boolean; images?: Buffer[] } = {}) {
  const response = await createPost(t, user, body, options);
  if (response.statusCode !== 200) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; attachments: { id: string; image_url: string; thumbnail_url: string }[] };
}

/** Makes two people friends through the API: a request and its acceptance. */
export async function befriend(t: TestApp, a: SocialUser, b: SocialUser): Promise<void> {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/social-profiles/friends/${b.profile.slug}/request/`,
    headers: a.headers,
  });
  if (sent.statusCode !== 200) throw new Error(`request failed: ${sent.body}`);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/social-profiles/friends/${a.profile.slug}/accepted/`,
    headers: b.headers,
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
}

export async function getJson<T = Record<string, unknown>>(t: TestApp, url: string, user?: Pick<SocialUser, 'headers'>) {
  const response = await t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  return { status: response.statusCode, body: response.json() as T };
}

/** The path and query of an absolute `next` link, as the client requests it. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/** Setting up a portal and its people can be slow on a busy two-core machine; tests themselves are fast. */
export const SETUP_TIMEOUT_MS = 180_000;

/** Issue 27: blocks or mutes (POST) someone, or takes it back (DELETE), as `user`. */
export function relate(
  t: TestApp,
  user: Pick<SocialUser, 'headers'> | undefined,
  slug: string,
  kind: 'block' | 'mute',
  method: 'POST' | 'DELETE' = 'POST',
) {
  return t.app.inject({ method, url: `/api/social-profiles/${slug}/${kind}/`, headers: user?.headers ?? {} });
}

/** Comments on a post, failing loudly if the server refused it. */
export async function comment(t: TestApp, user: SocialUser, postId: string, body: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/social-posts/${postId}/comment/`,
    headers: user.headers,
    payload: { body },
  });
  if (response.statusCode !== 200) throw new Error(`comment failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

/** The ids of the posts of a list answer. */
export const idsOf = (page: { results: { posts: { id: string }[] } }) => page.results.posts.map((item) => item.id);
