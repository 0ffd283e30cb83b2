import { randomUUID } from 'node:crypto';
import { parseHashtags, type NotificationType } from '@portal/contracts';
import { createAccountsRepository } from '../auth/accounts.repository.js';
import { hashPassword } from '../auth/password-hash.js';
import { IMAGE_FORMATS, processImage } from '../core/images/image-processing.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { Database } from '../db/client.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { notificationBody } from '../notifications/index.js';
import { createFriendshipsRepository } from '../social/friendships.repository.js';
import { POST_IMAGE_LIMITS, storePostImages } from '../social/post-images.js';
import { createPostWritesRepository } from '../social/post-writes.repository.js';
import { createProfilesRepository, type ProfileRow } from '../social/profiles.repository.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import {
  COMMENTS,
  DEMO_POSTS,
  EXISTING_PEOPLE,
  FRIENDSHIPS,
  PENDING_REQUESTS,
  SOCIAL_DEMO_PEOPLE,
  type PersonKey,
} from './demo-social-content.js';
import { avatarSvg, rasterize, sceneSvg, seededRandom, type Random } from './social-art.js';
import type { SeedStep } from './seed-runner.js';

const HOUR = 3_600_000;
/** Likes and comments on posts younger than this notify their authors (older ones count as seen). */
const NOTIFY_WITHIN_MS = 30 * HOUR;

type People = Map<PersonKey, ProfileRow>;
const nameOf = (profile: ProfileRow) => `${profile.firstName} ${profile.lastName}`;

async function ensurePeople(db: Database): Promise<People> {
  const accounts = createAccountsRepository(db);
  const profiles = createProfilesRepository(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people: People = new Map();
  for (const { key: _key, slug, hue: _hue, ...names } of SOCIAL_DEMO_PEOPLE) {
    if (!(await accounts.findByEmail(names.email))) {
      const account = await accounts.insert({ ...names, passwordHash, isActive: true });
      await accounts.insertSocialProfile(account.id, slug);
      // Like the first two demo people, they can shop as well.
      await accounts.insertTabernaProfile(account.id);
    }
  }
  for (const { key, email } of [...EXISTING_PEOPLE, ...SOCIAL_DEMO_PEOPLE]) {
    const account = await accounts.findByEmail(email);
    const profile = account && (await profiles.findByAccount(account.id));
    if (profile) people.set(key, profile);
  }
  return people;
}

async function drawAvatars(db: Database, media: MediaStorage, people: People, random: Random) {
  const profiles = createProfilesRepository(db);
  for (const { key, hue } of [...EXISTING_PEOPLE, ...SOCIAL_DEMO_PEOPLE]) {
    const profile = people.get(key);
    if (!profile || profile.avatar) continue;
    const image = await processImage(await rasterize(avatarSvg(hue, random)), {
      formats: IMAGE_FORMATS,
      maxBytes: 5_000_000,
      maxPixels: 1_000_000,
      maxDimension: 256,
    });
    const avatar = `social/avatars/${randomUUID()}.webp`;
    await media.put(avatar, image.data, image.contentType);
    await profiles.setAvatar(profile.id, avatar);
  }
}

/** The demo social network: avatars, friendships, pending requests, posts with pictures, likes and comments. */
export function demoSocialStep(media: MediaStorage): SeedStep {
  return {
    name: 'demo-social',
    demo: true,
    async run(db) {
      const random = seededRandom(2026);
      const now = Date.now();
      const people = await ensurePeople(db);
      const person = (key: PersonKey) => people.get(key)!;
      await drawAvatars(db, media, people, random);

      const friendships = createFriendshipsRepository(db);
      const notifications = createNotificationsRepository(db);
      const notify = (type: NotificationType, to: ProfileRow, actor: ProfileRow, postId: string | null, createdAt: Date) =>
        notifications.insert({
          createdForId: to.id,
          createdById: actor.id,
          type,
          body: notificationBody(type, nameOf(actor)),
          postId,
          createdAt,
        });

      const friendsOf = new Map<PersonKey, PersonKey[]>();
      for (const [a, b] of FRIENDSHIPS) {
        await friendships.befriend(person(a).id, person(b).id);
        friendsOf.set(a, [...(friendsOf.get(a) ?? []), b]);
        friendsOf.set(b, [...(friendsOf.get(b) ?? []), a]);
      }
      for (const [from, to] of PENDING_REQUESTS) {
        await friendships.insertRequest(person(from).id, person(to).id);
        await notify('new_friendrequest', person(to), person(from), null, new Date(now - random() * 20 * HOUR));
      }

      const writes = createPostWritesRepository(db);
      // Oldest first, so that each author's counters and the tags grow as they would have.
      for (const demo of [...DEMO_POSTS].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
        const author = person(demo.by);
        const images = [];
        for (const scene of demo.pictures ?? []) {
          images.push(await processImage(await rasterize(sceneSvg(scene, random)), POST_IMAGE_LIMITS));
        }
        const createdAt = new Date(now - demo.hoursAgo * HOUR);
        const id = randomUUID();
        await writes.insert({
          id,
          authorId: author.id,
          body: demo.body,
          isPrivate: demo.private ?? false,
          tags: parseHashtags(demo.body),
          attachments: await storePostImages(media, images),
          createdAt,
        });

        const recent = now - createdAt.getTime() < NOTIFY_WITHIN_MS;
        const later = () => new Date(createdAt.getTime() + random() * Math.min(now - createdAt.getTime(), 6 * HOUR));
        for (const friendKey of friendsOf.get(demo.by) ?? []) {
          const friend = person(friendKey);
          if (random() < 0.75 && (await writes.like(id, friend.id)) && recent)
            await notify('post_like', author, friend, id, later());
          if (random() < 0.3) {
            const at = later();
            await writes.comment(id, friend.id, COMMENTS[Math.floor(random() * COMMENTS.length)]!, at);
            if (recent) await notify('post_comment', author, friend, id, at);
          }
        }
      }
    },
  };
}
