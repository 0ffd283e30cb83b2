import type { Scene } from './social-art.js';

/** The demo social network: who is in it, who knows whom, and what they wrote. */

export const SOCIAL_DEMO_PEOPLE = [
  {
    key: 'chloe',
    email: 'chloe@example.com',
    username: 'chloe',
    firstName: 'Chloé',
    lastName: 'Dubois',
    slug: 'chloe-dubois',
    hue: 330,
  },
  {
    key: 'daniel',
    email: 'daniel@example.com',
    username: 'daniel',
    firstName: 'Daniel',
    lastName: 'Kim',
    slug: 'daniel-kim',
    hue: 200,
  },
  {
    key: 'emeka',
    email: 'emeka@example.com',
    username: 'emeka',
    firstName: 'Emeka',
    lastName: 'Obi',
    slug: 'emeka-obi',
    hue: 30,
  },
  {
    key: 'farah',
    email: 'farah@example.com',
    username: 'farah',
    firstName: 'Farah',
    lastName: 'Haddad',
    slug: 'farah-haddad',
    hue: 280,
  },
  {
    key: 'greta',
    email: 'greta@example.com',
    username: 'greta',
    firstName: 'Greta',
    lastName: 'Lindqvist',
    slug: 'greta-lindqvist',
    hue: 160,
  },
  {
    key: 'hiro',
    email: 'hiro@example.com',
    username: 'hiro',
    firstName: 'Hiro',
    lastName: 'Tanaka',
    slug: 'hiro-tanaka',
    hue: 0,
  },
  {
    key: 'ines',
    email: 'ines@example.com',
    username: 'ines',
    firstName: 'Inés',
    lastName: 'Romero',
    slug: 'ines-romero',
    hue: 50,
  },
  {
    key: 'jonas',
    email: 'jonas@example.com',
    username: 'jonas',
    firstName: 'Jonas',
    lastName: 'Weber',
    slug: 'jonas-weber',
    hue: 240,
  },
] as const;

/** Avatar hues of the two people the accounts step creates. */
export const EXISTING_PEOPLE = [
  { key: 'alice', email: 'alice@example.com', hue: 12 },
  { key: 'bruno', email: 'bruno@example.com', hue: 120 },
] as const;

export type PersonKey = (typeof SOCIAL_DEMO_PEOPLE)[number]['key'] | (typeof EXISTING_PEOPLE)[number]['key'];

export const FRIENDSHIPS: [PersonKey, PersonKey][] = [
  ['alice', 'bruno'],
  ['alice', 'chloe'],
  ['alice', 'daniel'],
  ['chloe', 'daniel'],
  ['bruno', 'emeka'],
  ['bruno', 'farah'],
  ['chloe', 'greta'],
  ['daniel', 'hiro'],
  ['emeka', 'ines'],
  ['farah', 'jonas'],
  ['greta', 'hiro'],
  ['ines', 'jonas'],
  ['hiro', 'jonas'],
];

/** Requests waiting for an answer: [from, to]. */
export const PENDING_REQUESTS: [PersonKey, PersonKey][] = [
  ['greta', 'alice'],
  ['jonas', 'bruno'],
  ['alice', 'ines'],
  ['emeka', 'chloe'],
];

export interface DemoPost {
  by: PersonKey;
  hoursAgo: number;
  body: string;
  pictures?: Scene[];
  private?: boolean;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    by: 'alice',
    hoursAgo: 0.3,
    body: 'First light over the ridge this morning. Worth the 5 am alarm! #sunrise #hiking',
    pictures: ['mountains'],
  },
  { by: 'bruno', hoursAgo: 0.8, body: 'New espresso machine day. The kitchen smells amazing #coffee', pictures: ['coffee'] },
  {
    by: 'chloe',
    hoursAgo: 1.5,
    body: 'Sketching shapes for the new poster series. Feedback welcome! #design #art',
    pictures: ['abstract', 'abstract'],
  },
  { by: 'daniel', hoursAgo: 2, body: 'Finished the 10k in 48 minutes, a new personal best #running' },
  { by: 'hiro', hoursAgo: 2.5, body: 'Neon evening walk downtown #citylife #photography', pictures: ['city'] },
  { by: 'greta', hoursAgo: 3, body: 'The tulips finally opened #gardening #spring', pictures: ['flowers'] },
  { by: 'farah', hoursAgo: 3.5, body: 'Reading list for the weekend: two novels and a cookbook #books #weekend' },
  { by: 'emeka', hoursAgo: 4, body: 'Jollof rice for twelve, nobody left hungry #cooking #family', pictures: ['abstract'] },
  {
    by: 'ines',
    hoursAgo: 5,
    body: 'Desert road trip, day three. No signal, all good #travel #roadtrip',
    pictures: ['desert', 'desert', 'mountains'],
  },
  { by: 'jonas', hoursAgo: 6, body: 'Rehearsal tonight: we finally nailed the bridge of the new song #music' },
  { by: 'alice', hoursAgo: 7, body: 'Does anyone know a good trail near the lakes? Planning a #hiking trip for June.' },
  { by: 'bruno', hoursAgo: 8, body: 'Sunset from the harbour, no filter #sunset #photography', pictures: ['sea'] },
  { by: 'chloe', hoursAgo: 9, body: 'Café crème et croissant, the best office in town #café #coffee', pictures: ['coffee'] },
  {
    by: 'daniel',
    hoursAgo: 10,
    body: 'Private note to friends: the surprise party is on Saturday, keep it quiet! #weekend',
    private: true,
  },
  {
    by: 'hiro',
    hoursAgo: 11,
    body: 'Cherry trees along the river. Spring is here #spring #photography',
    pictures: ['flowers', 'forest'],
  },
  { by: 'greta', hoursAgo: 12, body: 'Compost bin built from old pallets. Cost: zero #gardening #diy' },
  { by: 'farah', hoursAgo: 13, body: 'Morning pages, then a long walk. Slow Sundays are the best #weekend' },
  { by: 'emeka', hoursAgo: 14, body: 'Match day! Who is watching tonight? #football' },
  {
    by: 'ines',
    hoursAgo: 15,
    body: 'Starry sky over the dunes, I could stay here forever #travel #nightsky',
    pictures: ['desert'],
  },
  { by: 'jonas', hoursAgo: 16, body: 'Tuning the old piano at my grandmother’s place #music #family' },
  { by: 'alice', hoursAgo: 18, body: 'Trying a new sourdough recipe, wish me luck #cooking #baking', pictures: ['abstract'] },
  { by: 'bruno', hoursAgo: 20, body: 'Three cafés, one street, impossible choice #coffee #citylife' },
  { by: 'chloe', hoursAgo: 22, body: 'Palette of the week: teal, coral and a lot of cream #design', pictures: ['abstract'] },
  { by: 'daniel', hoursAgo: 23, body: 'Interval training in the rain. Questioning my choices #running' },
  {
    by: 'hiro',
    hoursAgo: 26,
    body: 'Mountain hut, day two. Soup never tasted so good #hiking #travel',
    pictures: ['mountains', 'forest'],
  },
  { by: 'greta', hoursAgo: 28, body: 'Seed swap at the library this Saturday, bring your extras! #gardening #community' },
  { by: 'farah', hoursAgo: 30, body: 'Book club picked a 900-page novel. Pray for us #books' },
  {
    by: 'emeka',
    hoursAgo: 32,
    body: 'Sunday market haul: peppers, plantains and far too many mangoes #cooking',
    pictures: ['flowers'],
  },
  { by: 'ines', hoursAgo: 34, body: 'Packing list for the next trip is longer than the trip #travel' },
  {
    by: 'jonas',
    hoursAgo: 36,
    body: 'Open mic night was a success, thanks to everyone who came #music #community',
    pictures: ['city'],
  },
  { by: 'alice', hoursAgo: 40, body: 'Rainy day, good book, hot tea. Perfect #books #weekend' },
  { by: 'bruno', hoursAgo: 44, body: 'Weekend plans: bike, beach, barbecue #weekend #sunset', pictures: ['sea'] },
  { by: 'chloe', hoursAgo: 48, body: 'Just friends for now: the new studio is ours from next month!', private: true },
  { by: 'daniel', hoursAgo: 52, body: 'Long run along the coast, 21 km and a lot of seagulls #running #sea', pictures: ['sea'] },
  { by: 'hiro', hoursAgo: 56, body: 'Testing a new lens on old streets #photography #citylife', pictures: ['city', 'city'] },
  { by: 'greta', hoursAgo: 60, body: 'Tomatoes are coming along nicely this year #gardening', pictures: ['forest'] },
  { by: 'farah', hoursAgo: 64, body: 'Writing my first short story in years. Nervous and happy #books #writing' },
  { by: 'emeka', hoursAgo: 70, body: 'Grandma’s pepper soup recipe, finally written down #cooking #family' },
  { by: 'ines', hoursAgo: 76, body: 'Canyon at sunset, photos never do it justice #travel #sunset', pictures: ['desert'] },
  { by: 'jonas', hoursAgo: 82, body: 'Vinyl haul from the flea market #music #weekend' },
  { by: 'alice', hoursAgo: 90, body: 'Team lunch by the river, great people, great food #citylife' },
  { by: 'bruno', hoursAgo: 98, body: 'Latte art attempt number 37. Getting there #coffee', pictures: ['coffee'] },
  { by: 'chloe', hoursAgo: 106, body: 'Museum day: three hours in the modern wing #art #design' },
  { by: 'daniel', hoursAgo: 114, body: 'Rest day. Stretching, foam roller, documentary #running' },
  {
    by: 'hiro',
    hoursAgo: 122,
    body: 'Fog in the forest this morning, eerie and beautiful #photography #forest',
    pictures: ['forest'],
  },
  { by: 'greta', hoursAgo: 130, body: 'Herb spiral finished: thyme, sage, rosemary, oregano #gardening #diy' },
  { by: 'farah', hoursAgo: 138, body: 'Cozy corner, new lamp, old favourites #books', pictures: ['abstract'] },
  { by: 'emeka', hoursAgo: 146, body: 'Five-a-side league starts next week, we need a goalkeeper! #football #community' },
  { by: 'ines', hoursAgo: 154, body: 'Back home, laundry mountain conquered #travel' },
  { by: 'jonas', hoursAgo: 162, body: 'Practising scales for an hour a day, my neighbours are saints #music' },
  { by: 'alice', hoursAgo: 170, body: 'Lake swim at 7 am. Cold! Worth it #hiking #weekend', pictures: ['sea'] },
  { by: 'bruno', hoursAgo: 180, body: 'Tried a cold brew recipe. Verdict: summer drink of the year #coffee' },
  { by: 'chloe', hoursAgo: 190, body: 'Typography workshop was inspiring, pages of notes #design' },
  {
    by: 'daniel',
    hoursAgo: 200,
    body: 'Trail running is a different sport. My calves agree #running #hiking',
    pictures: ['mountains'],
  },
  { by: 'hiro', hoursAgo: 210, body: 'Night market lights #citylife #photography', pictures: ['city'] },
  { by: 'greta', hoursAgo: 220, body: 'First strawberries of the season from the balcony #gardening', pictures: ['flowers'] },
  { by: 'farah', hoursAgo: 230, body: 'A poem a day in April, day 12 #writing' },
  { by: 'emeka', hoursAgo: 240, body: 'Slow-cooked beans, a whole afternoon well spent #cooking' },
  { by: 'ines', hoursAgo: 250, body: 'Planning the next adventure, any tips for the northern coast? #travel' },
  { by: 'jonas', hoursAgo: 260, body: 'Band photo shoot behind the old factory #music', pictures: ['city'] },
  { by: 'alice', hoursAgo: 270, body: 'Hello everyone! Happy to be here #hello' },
  { by: 'bruno', hoursAgo: 275, body: 'Just joined, looking forward to sharing photos and coffee tips #hello #coffee' },
  { by: 'chloe', hoursAgo: 280, body: 'Bonjour! Designer, coffee lover, occasional painter #hello' },
  { by: 'daniel', hoursAgo: 285, body: 'Runner, reader, bad cook. Nice to meet you all #hello' },
  { by: 'hiro', hoursAgo: 290, body: 'Photography is how I take notes #hello #photography' },
  { by: 'greta', hoursAgo: 295, body: 'Hej! Balcony gardener and seed collector #hello #gardening' },
];

export const COMMENTS = [
  'Love this!',
  'Wow, beautiful.',
  'Where is this?',
  'Count me in next time!',
  'So jealous right now.',
  'This made my day.',
  'Great shot!',
  'Recipe please!',
  'Congratulations!',
  'Haha, same here.',
  'Looks amazing.',
  'Can’t wait to see more.',
];
