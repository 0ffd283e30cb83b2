// @vitest-environment node
import type { AiLabStatus, FeedPage, PortalSettings, Post, Project, Trend } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { AI_STATUS_PATH } from './apps/ai-lab/api/paths';
import { aiStatusKey } from './apps/ai-lab/api/query-keys';
import { projectsKey } from './apps/apps-manager/api/query-keys';
import { PROJECTS_PATH } from './apps/apps-manager/api/paths';
import { FEED_PATH, TRENDS_PATH } from './apps/social/api/paths';
import { feedKey, trendsKey } from './apps/social/api/query-keys';
import { portalSettingsKey } from './shared/api/query-keys';
import { PORTAL_SETTINGS_PATH } from './shared/settings/paths';
import { categoriesKey, latestProductsKey, productKey } from './apps/taberna/api/query-keys';
import { CATEGORIES_PATH, LATEST_PRODUCTS_PATH, productPath } from './apps/taberna/api/paths';
import { headScript, render, ssrData } from './entry-server';

const project = (id: number, title: string): Project =>
  ({
    id,
    title,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    description: `${title}, described.`,
    category: 'vuejs',
    photo: null,
    github_url: '',
    view_url: `/${title.toLowerCase()}`,
  }) as unknown as Project;

const shopProduct = (id: number, name: string) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  image: `http://portal.test/static/media/store/products/${id}.webp`,
  get_absolute_url: `/taberna-store/category/clothing/${name.toLowerCase().replace(/\W+/g, '-')}/`,
  description: `${name}, described.`,
  price: '19.99',
  productgallery: [{ id: id * 10, image: `http://portal.test/static/media/store/gallery/${id}.webp` }],
  stock: 4,
  is_available: true,
  category: { name: 'Clothing', slug: 'clothing' },
  average_rating: 4,
});
const layoutData = [
  {
    key: categoriesKey,
    data: [
      {
        id: 1,
        name: 'Clothing',
        slug: 'clothing',
        description: '',
        image: null,
        get_absolute_url: '/taberna-store/category/clothing/',
      },
    ],
  },
];

const settings: PortalSettings = {
  links: {
    cv: 'https://cv.example.com/me',
    source_code: 'https://code.example.com/portal',
    professional_network: 'https://network.example.com/me',
    all_apps: 'https://apps.example.com/',
  },
  suspension_contact: '',
  currency: 'USD',
};

const post = (id: number, body: string, attachments: Post['attachments'] = []): Post => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  body,
  likes_count: id,
  comments_count: 0,
  created_by: {
    id: 7,
    first_name: 'Ada',
    last_name: 'Writer',
    username: 'ada',
    email: 'ada@example.com',
    slug: 'ada-writer',
    avatar_url: null,
    friends_count: 0,
    posts_count: 2,
    full_name: 'Ada Writer',
  },
  created_at_formatted: '5\u00a0minutes',
  created_at: '2026-11-26T04:00:00.000Z',
  attachments,
  liked: false,
  is_private: false,
  content_warning: null,
  edited_at: null,
  bookmarked: false,
});

/** Every HTML check a server-rendered page must pass: no style attribute (CSP), no script, no loading placeholder. */
function expectCleanMarkup(html: string) {
  expect(html).not.toContain(' style="');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('hidden id="S:');
  expect(html).not.toContain('role="progressbar"');
}

describe('the server render (entry-server.tsx)', () => {
  it('names the landing page’s data by the path the API serves it on and the key its page reads it under', () => {
    expect(ssrData('/')).toEqual([
      { key: projectsKey, path: PROJECTS_PATH },
      { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
    ]);
    // Routes that have not opted in, and unknown paths, are not server rendered.
    expect(ssrData('/social/chat')).toBeNull();
    expect(ssrData('/social/login')).toBeNull();
    expect(ssrData('/ai-lab/image-generator')).toBeNull();
    expect(ssrData('/no/such/page')).toBeNull();
  });

  it('renders / with the given apps, the layout and the headings, styles with the nonce, and the state to hydrate', async () => {
    const data = [{ key: projectsKey, data: [project(1, 'Taberna'), project(2, 'Quill </script><b>')] }];
    const { html, styles, state } = await render('/', { nonce: 'n0nce', data });
    expect(html).toContain('data-testid="layout-mainAppsManager"');
    expect(html).toContain('One portal, all its apps');
    expect(html).toMatch(/<h2[^>]*id="apps-heading"[^>]*>Apps<\/h2>/);
    expect(html).toContain('Taberna');
    expect(html).toContain('Quill &lt;/script&gt;&lt;b&gt;');
    // The anonymous light view: the theme toggle offers the dark theme; no loading placeholders left.
    expect(html).toContain('aria-label="Switch to dark theme"');
    expect(html).not.toContain('role="progressbar"');
    // No style attribute (the CSP refuses them in HTML): a rule of the nonce'd styles instead.
    expect(html).not.toContain(' style="');
    expect(html).toMatch(/<header [^>]*data-ssr-style="(\d+)"/);
    const id = /<header [^>]*data-ssr-style="(\d+)"/.exec(html)![1];
    expect(styles).toContain(`[data-ssr-style="${id}"]{--Paper-shadow:none}`);
    // No script of React's to reveal outlined content: the CSP would refuse it.
    expect(html).not.toContain('<script');
    expect(html).not.toContain('hidden id="S:');
    // The top bar's phone and desktop parts are both there, CSS showing one (the same HTML at every width).
    expect(html).toContain('data-testid="menu-button"');
    const tags = styles.match(/<style [^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(1);
    for (const tag of tags) expect(tag).toMatch(/^<style (data-emotion="css(-global)? [^"]+"|data-ssr-styles) nonce="n0nce">$/);
    expect(styles).toContain('@media (min-width:1280px)');
    // JSON that cannot close its script element, and that gives the data back.
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toEqual({ queries: data });
  });

  it("names the shop's home and a product page's data: the page's, then the layout's category menu and links", () => {
    const layout = [
      { key: categoriesKey, path: CATEGORIES_PATH },
      { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
    ];
    expect(ssrData('/taberna')).toEqual([{ key: latestProductsKey, path: LATEST_PRODUCTS_PATH }, ...layout]);
    // The anonymous visitor's entry (`false`: may not review), under the path the page itself reads.
    expect(ssrData('/taberna-store/category/clothing/organic-cotton-t-shirt')).toEqual([
      { key: productKey('clothing', 'organic-cotton-t-shirt', false), path: productPath('clothing', 'organic-cotton-t-shirt') },
      ...layout,
    ]);
    // The shop's other pages are rendered in the browser.
    expect(ssrData('/taberna-store/category/clothing')).toBeNull();
    expect(ssrData('/taberna/cart')).toBeNull();
  });

  it("renders the shop's home with its latest products, their pictures in the HTML, and no loading placeholders", async () => {
    const data = [{ key: latestProductsKey, data: [shopProduct(1, 'Linen Shirt'), shopProduct(2, 'Wool Socks')] }, ...layoutData];
    const { html } = await render('/taberna', { nonce: 'n', data });
    expect(html).toContain('data-testid="layout-mainTaberna"');
    expect(html).toContain('Linen Shirt');
    expect(html).toContain('Wool Socks');
    expect(html).toContain('src="http://portal.test/static/media/store/products/1.webp"');
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain(' style="');
  });

  it('renders a product page with its gallery, price and reviews, dates in UTC (what the browser hydrates first)', async () => {
    const detail = {
      product: { ...shopProduct(1, 'Linen Shirt'), reviews_count: 1 },
      related_products: [shopProduct(2, 'Wool Socks')],
      // 23:30 UTC on the 9th: the 10th in Tokyo. The server says the 9th, whatever the machine's zone.
      reviews: [
        {
          id: 1,
          user: 'Bruno Costa',
          subject: 'Good quality',
          review: 'Nice fabric.',
          rating: 4,
          created_at: '2026-11-09T23:30:00Z',
          updated_at: '2026-11-09T23:30:00Z',
        },
      ],
      variations: { colors: [{ id: 1, variation_value: 'Red' }], sizes: [{ id: 4, variation_value: 'S' }] },
      can_review: false,
    };
    const data = [{ key: productKey('clothing', 'linen-shirt', false), data: detail }, ...layoutData];
    // Rendered on a machine east of UTC (Node follows a change of TZ at once).
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    const { html } = await render('/taberna-store/category/clothing/linen-shirt', { nonce: 'n', data }).finally(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    expect(html).toMatch(/<h1[^>]*>Linen Shirt<\/h1>/);
    expect(html).toContain('19.99');
    expect(html).toContain('Good quality');
    expect(html).toContain('Wool Socks');
    expect(html).toContain('9 Nov 2026');
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain(' style="');
  });

  it('gives each render its own Emotion cache: the second render has every style again, with its own nonce', async () => {
    const data = [{ key: projectsKey, data: [project(1, 'Taberna')] }];
    const first = await render('/', { nonce: 'one', data });
    const second = await render('/', { nonce: 'two', data });
    expect(second.styles.replaceAll('nonce="two"', 'nonce="one"')).toBe(first.styles);
    expect(second.html).toBe(first.html);
  });

  it('gives a head script that marks the page for browser rendering only when the stored view differs', () => {
    const run = (stored: Record<string, string>, systemDark = false) => {
      const attributes = new Map<string, string>();
      const storage = { getItem: (key: string) => stored[key] ?? null };
      const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
      const matchMedia = () => ({ matches: systemDark });
      new Function('localStorage', 'document', 'matchMedia', headScript())(storage, document, matchMedia);
      return attributes.get('data-portal-render');
    };
    expect(run({})).toBeUndefined();
    // Issue 26: a system in dark mode shows the dark theme until the visitor chooses.
    expect(run({}, true)).toBe('client');
    expect(run({ theme: 'light' }, true)).toBeUndefined();
    expect(run({ theme: 'light' })).toBeUndefined();
    expect(run({ theme: 'dark' })).toBe('client');
    expect(run({ access: 'token' })).toBe('client');
    // A guest with a cart: the shop's top bar counts that cart, which the server's view has not.
    expect(run({ cartId: '0f7c' })).toBe('client');
  });

  it('renders /social/home as a visitor sees it: the public posts, the join card, the trends and the layout', async () => {
    const picture = {
      id: '00000000-0000-4000-8000-0000000000aa',
      image_url: '/media/posts/a.webp',
      thumbnail_url: '/media/posts/a-thumb.webp',
      width: 1200,
      height: 800,
      alt: null,
    };
    const feed: FeedPage = {
      count: 12,
      next: 'http://portal.example/api/social-posts/?cursor=abc',
      previous: null,
      results: { posts: [post(1, 'Hello from #sunrise', [picture]), post(2, 'Second <b>post</b>')] },
    };
    const trends: Trend[] = [{ id: 3, hashtag: 'sunrise', occurences: 4 }];
    expect(ssrData('/social/home')).toEqual([
      { key: feedKey(null), path: FEED_PATH, infinite: true },
      { key: trendsKey, path: TRENDS_PATH },
      { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
    ]);
    const data = [
      { key: feedKey(null), data: feed },
      { key: trendsKey, data: trends },
      { key: portalSettingsKey, data: settings },
    ];
    const { html, state } = await render('/social/home', { nonce: 'n0nce', data });
    expect(html).toContain('data-testid="layout-mainSocial"');
    expect(html).toMatch(/<h1[^>]*>Latest posts<\/h1>/);
    expect(html).toContain('Join the conversation');
    expect(html).toContain('data-testid="post-list"');
    expect(html).toContain('Ada Writer');
    expect(html).toContain('Second &lt;b&gt;post&lt;/b&gt;');
    expect(html).toContain('5\u00a0minutes ago');
    // The first post's picture, the page's largest element, is in the HTML and asked for first.
    expect(html).toMatch(/<img [^>]*src="\/media\/posts\/a-thumb\.webp"[^>]*fetchPriority="high"/);
    // The trends, the visitor's links (sign up, log in) and the settings' link in the footer.
    const text = html.replaceAll('<!-- -->', '');
    expect(text).toMatch(/data-testid="trends".*>#sunrise<\/a>.*>4 posts</);
    expect(html).toContain('data-testid="nav-login"');
    expect(html).not.toContain('data-testid="nav-logout"');
    expect(html).toContain('href="https://apps.example.com/"');
    // The next page's button: the feed continues in the browser from where the server's page ends.
    expect(html).toContain('data-testid="load-more"');
    expectCleanMarkup(html);
    // The feed kept as React Query's infinite data, its first page param the path it came from.
    expect(JSON.parse(state)).toEqual({
      queries: [
        { key: feedKey(null), data: { pages: [feed], pageParams: [FEED_PATH] } },
        { key: trendsKey, data: trends },
        { key: portalSettingsKey, data: settings },
      ],
    });
  });

  it('renders /ai-lab with its heading, the engine badge, the prompt form and both navigations for CSS to choose', async () => {
    const status: AiLabStatus = {
      chat: { engine: 'provider', model: 'joker-large' },
      image: { engine: 'local', model: null },
      voice: { engine: 'local', model: null },
      realtime: { engine: 'local', model: null },
      transcription: { engine: 'local', model: null },
    };
    expect(ssrData('/ai-lab')).toEqual([
      { key: aiStatusKey, path: AI_STATUS_PATH },
      { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
    ]);
    const data = [
      { key: aiStatusKey, data: status },
      { key: portalSettingsKey, data: settings },
    ];
    const { html, styles, state } = await render('/ai-lab', { nonce: 'n0nce', data });
    expect(html).toContain('data-testid="layout-mainAILab"');
    expect(html).toMatch(/<h1[^>]*>Funny Chat<\/h1>/);
    expect(html).toContain('Ask anything and get the answer as a joke.');
    expect(html).toContain('Answered by joker-large');
    expect(html).toContain('Ask Funny Chat something');
    expect(html).toContain('data-testid="chat-form"');
    expect(html).toContain('href="https://apps.example.com/"');
    // The side drawer (wide screens) and the phone's menu button are both there, CSS showing one;
    // the history's column is left for the browser, which alone knows this visitor's conversations.
    expect(html).toContain('data-testid="side-drawer"');
    expect(html).toContain('aria-label="Open navigation"');
    expect(html).toContain('aria-label="Collapse navigation"');
    expect(html).toContain('data-testid="open-history"');
    expect(html).not.toContain('data-testid="conversation-history"');
    expect(styles).toContain('@media (min-width:1280px)');
    expectCleanMarkup(html);
    expect(JSON.parse(state)).toEqual({ queries: data });
  });
});
