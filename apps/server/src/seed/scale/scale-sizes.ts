/**
 * How much `seed-scale <n>` generates: 100 is the size of issue 24 (a modest real community and
 * shop), 10 a tenth of it, 1000 ten times it, 1 a hundredth (what `npm run bench:scale` compares with).
 */
export const SCALES = [1, 10, 100, 1000] as const;

/** At scale 1; every figure grows linearly with the scale. */
const PER_SCALE = {
  people: 100,
  friendships: 500,
  friendRequests: 20,
  posts: 2_000,
  likes: 5_000,
  comments: 3_000,
  notifications: 2_000,
  conversations: 200,
  messages: 5_000,
  products: 30,
  orders: 1_000,
  blocks: 50,
  mutes: 50,
  bookmarks: 1_000,
  mentions: 200,
  aiConversations: 200,
};

/**
 * The same few people and things at every scale, so the bench asks the same question of a small
 * and a big database: person 1 has exactly `hubFriends` friends, writes `hubPosts` posts (the
 * newest has `fixtureComments` comments) and has `hubConversations` conversations (the one with
 * person 2 holds `fixtureMessages` messages, the others `hubMessages` each); person 2 has
 * `fixtureOrders` paid orders. Person 1 also blocks `hubBlocks` people, mutes `hubMutes` of their
 * friends, has bookmarked `hubBookmarks` posts, is mentioned in `hubMentions` and has
 * `hubAiConversations` AI lab conversations of `aiMessages` messages, each with a second answer
 * to its last question (a branch); everyone's AI conversations hold `aiMessages` messages.
 */
export const FIXTURES = {
  hubFriends: 500,
  hubPosts: 30,
  fixtureComments: 200,
  hubConversations: 60,
  fixtureMessages: 1_000,
  hubMessages: 20,
  fixtureOrders: 100,
  hubBlocks: 20,
  hubMutes: 20,
  hubBookmarks: 200,
  hubMentions: 100,
  hubAiConversations: 100,
  aiMessages: 12,
} as const;

export type ScaleSizes = typeof PER_SCALE;

export function scaleSizes(scale: number): ScaleSizes {
  const sizes = Object.fromEntries(Object.entries(PER_SCALE).map(([key, value]) => [key, value * scale])) as ScaleSizes;
  // Person 1's 500 friends must exist at scale 1 too.
  sizes.people = Math.max(sizes.people, FIXTURES.hubFriends + 100);
  return sizes;
}
