import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@portal/contracts';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { createTestApp, newPerson, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, getJson, multipart, picture, socialUser, type FilePart, type SocialUser } from './support/social.js';

let t: TestApp;
let ana: SocialUser;
let ben: SocialUser;

beforeAll(async () => {
  t = await createTestApp();
  ana = await socialUser(t, { first_name: 'Ana', last_name: 'Lopes' });
  ben = await socialUser(t, { first_name: 'Ben', last_name: 'Okafor', username: 'ben_okafor' });
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const me = async (user: Pick<SocialUser, 'headers'>) => (await getJson<Profile>(t, '/api/social-profiles/me/', user)).body;

async function editProfile(
  user: Pick<SocialUser, 'headers'> | undefined,
  fields: Record<string, string>,
  files: FilePart[] = [],
) {
  const form = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/social-profiles/editprofile/',
    headers: { ...user?.headers, ...form.headers },
    payload: form.payload,
  });
}

const fieldsOf = (profile: Profile) => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  username: profile.username,
  email: profile.email,
  avatar: 'null',
});

describe('me', () => {
  it('answers the profile, 401 anonymously and 404 for an account without a social profile', async () => {
    expect(await me(ana)).toMatchObject({ id: ana.profile.id, full_name: 'Ana Lopes', avatar_url: null, posts_count: 0 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/social-profiles/me/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const { person } = await registerActivated(t.app, t.mail, 'taberna', newPerson());
    const shopOnly = await t.app.inject({
      method: 'GET',
      url: '/api/social-profiles/me/',
      headers: bearer((await socialLogin(t.app, person)).access),
    });
    expect(shopOnly.statusCode).toBe(404);
    expect(shopOnly.json()).toEqual({ message: 'Profile does not exist for this user' });
  });
});

describe('edit profile', () => {
  it('refuses bad input in the contract words, changing nothing', async () => {
    const before = await me(ana);
    const cases: [Record<string, string>, Record<string, unknown>][] = [
      [
        { ...fieldsOf(before), first_name: '  ' },
        { message: 'Invalid form data!', first_name: ['This field may not be blank.'] },
      ],
      [
        { ...fieldsOf(before), email: 'nope' },
        { message: 'Invalid form data!', email: ['Enter a valid email address.'] },
      ],
      [{ ...fieldsOf(before), username: 'has space' }, { message: 'Invalid form data!' }],
      [{ ...fieldsOf(before), email: ben.person.email.toUpperCase() }, { message: 'Email already exists!' }],
      [{ ...fieldsOf(before), username: 'BEN_OKAFOR' }, { message: 'Username already exists!' }],
    ];
    for (const [fields, answer] of cases) {
      const response = await editProfile(ana, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject(answer);
    }
    const notAPicture = await editProfile(ana, fieldsOf(before), [
      { field: 'avatar', data: Buffer.from('<svg onload=alert(1)>') },
    ]);
    expect(notAPicture.statusCode).toBe(400);
    expect(notAPicture.json().message).toMatch(/^Avatar: /);
    expect(await me(ana)).toEqual(before);
    const avatars = await fs.readdir(path.join(t.dataDir, 'media', 'social', 'avatars')).catch(() => []);
    expect(avatars).toEqual([]);
  });

  it('is for logged-in people only', async () => {
    const response = await editProfile(undefined, fieldsOf(ana.profile));
    expect(response.statusCode).toBe(401);
  });

  it('saves names, username and email; the slug follows the names; the avatar is re-encoded', async () => {
    const avatar = await sharp(await picture('jpeg', 900, 600))
      .withMetadata({ exif: { IFD0: { Artist: 'secret-artist' } } })
      .jpeg()
      .toBuffer();
    const response = await editProfile(
      ana,
      { first_name: 'Anabela', last_name: 'Lopes', username: 'anabela', email: 'anabela@example.com' },
      [{ field: 'avatar', data: avatar, filename: '../../etc/passwd.jpg' }],
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ message: 'Information updated successfully', new_slug: 'anabela-lopes' });
    expect(answer.new_avatar).toMatch(/^http:\/\/portal\.test\/static\/media\/social\/avatars\/[0-9a-f-]{36}\.webp$/);
    const stored = await t.app.inject({ method: 'GET', url: new URL(answer.new_avatar).pathname });
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 512, 341, undefined]);
    expect(stored.rawPayload.includes(Buffer.from('secret-artist'))).toBe(false);
    expect(await me(ana)).toMatchObject({
      first_name: 'Anabela',
      username: 'anabela',
      email: 'anabela@example.com',
      slug: 'anabela-lopes',
      avatar_url: answer.new_avatar,
    });
    // The email is the login: the new one works.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: 'anabela@example.com', password: ana.person.password },
    });
    expect(login.statusCode).toBe(200);

    // Same names: same slug; `avatar=null` keeps the picture; a new picture replaces (and deletes) the old one.
    const again = await editProfile(ana, { ...fieldsOf(await me(ana)), username: 'anabela_l' });
    expect(again.json()).toMatchObject({ new_slug: 'anabela-lopes', new_avatar: answer.new_avatar });
    const replaced = await editProfile(ana, fieldsOf(await me(ana)), [{ field: 'avatar', data: await picture('png') }]);
    expect(replaced.json().new_avatar).not.toBe(answer.new_avatar);
    expect((await t.app.inject({ method: 'GET', url: new URL(answer.new_avatar).pathname })).statusCode).toBe(404);
  });

  it('gives a free slug when the name is taken', async () => {
    const other = await socialUser(t);
    const response = await editProfile(other, { ...fieldsOf(other.profile), first_name: 'Anabela', last_name: 'Lopes' });
    expect(response.json().new_slug).toMatch(/^anabela-lopes-[0-9a-f]{8}$/);
  });
});

describe('edit password', () => {
  async function editPassword(user: Pick<SocialUser, 'headers'> | undefined, fields: Record<string, string>) {
    const form = await multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/editpassword/',
      headers: { ...user?.headers, ...form.headers },
      payload: form.payload,
    });
  }

  it('answers failures as contract §4.5 does: 200 with the field errors JSON-encoded in `message`', async () => {
    const user = await socialUser(t);
    const good = 'violet-harbor-2031';
    const required = { message: 'This field is required.', code: 'required' };
    const cases: [Record<string, string>, Record<string, { message: string; code: string }[]>][] = [
      [{}, { old_password: [required], new_password1: [required], new_password2: [required] }],
      [
        { old_password: 'wrong-password', new_password1: good, new_password2: good },
        {
          old_password: [
            { message: 'Your old password was entered incorrectly. Please enter it again.', code: 'password_incorrect' },
          ],
        },
      ],
      [
        { old_password: user.person.password, new_password1: good, new_password2: `${good}x` },
        { new_password2: [{ message: 'The two password fields didn’t match.', code: 'password_mismatch' }] },
      ],
      [
        { old_password: user.person.password, new_password1: 'password', new_password2: 'password' },
        { new_password2: [{ message: 'This password is too common.', code: 'password_too_common' }] },
      ],
      [
        { old_password: user.person.password, new_password1: '12345', new_password2: '12345' },
        {
          new_password2: [
            { message: 'This password is too short. It must contain at least 8 characters.', code: 'password_too_short' },
            { message: 'This password is too common.', code: 'password_too_common' },
            { message: 'This password is entirely numeric.', code: 'password_entirely_numeric' },
          ],
        },
      ],
    ];
    for (const [fields, errors] of cases) {
      const response = await editPassword(user, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(200);
      const body = response.json() as { message: string };
      expect(Object.keys(body)).toEqual(['message']);
      // The reference client parses `message` as JSON and shows data[key][0].message.
      expect(JSON.parse(body.message)).toEqual(errors);
    }
    const anonymous = await editPassword(undefined, { old_password: 'a', new_password1: good, new_password2: good });
    expect(anonymous.statusCode).toBe(401);
    // Nothing changed: the old password still logs in.
    expect((await socialLogin(t.app, user.person)).access).toBeTruthy();
  });

  it('changes the password and ends every other session, keeping the current one', async () => {
    const user = await socialUser(t);
    const other = await socialLogin(t.app, user.person);
    const good = 'amber-meadow-2032';
    const response = await editPassword(user, { old_password: user.person.password, new_password1: good, new_password2: good });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'success' });

    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh: token } });
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/social-profiles/me/', headers: bearer(other.access) })).statusCode,
    ).toBe(401);
    expect((await refresh(user.refresh)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/social-profiles/me/', headers: user.headers })).statusCode).toBe(200);

    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: user.person.email, password } });
    expect((await login(user.person.password)).statusCode).toBe(401);
    expect((await login(good)).statusCode).toBe(200);
  });

  it('takes JSON as well as form data', async () => {
    const user = await socialUser(t);
    const good = 'cobalt-river-2033';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/editpassword/',
      headers: user.headers,
      payload: { old_password: user.person.password, new_password1: good, new_password2: good },
    });
    expect(response.json()).toEqual({ message: 'success' });
  });
});
