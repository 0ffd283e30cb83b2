import type { PortalSearchResults } from '@portal/contracts';

export interface SearchHit {
  id: string;
  label: string;
  detail: string;
  url: string;
  image: string | null;
}

export interface SearchGroup {
  key: keyof PortalSearchResults;
  title: string;
  hits: SearchHit[];
}

/**
 * The four kinds of result, in the order the palette and the search page show them; empty kinds
 * left out. `money` writes a product's price in the shop's currency.
 */
export function searchGroups(results: PortalSearchResults | undefined, money: (price: string) => string): SearchGroup[] {
  if (!results) return [];
  const groups: SearchGroup[] = [
    {
      key: 'apps',
      title: 'Apps',
      hits: results.apps.map((app) => ({
        id: `app-${app.id}`,
        label: app.title,
        detail: app.description,
        url: app.url,
        image: app.photo,
      })),
    },
    {
      key: 'products',
      title: 'Products',
      hits: results.products.map((p) => ({
        id: `product-${p.id}`,
        label: p.name,
        detail: `${p.category} · ${money(p.price)}`,
        url: p.url,
        image: p.image,
      })),
    },
    {
      key: 'people',
      title: 'People',
      hits: results.people.map((person) => ({
        id: `person-${person.id}`,
        label: person.full_name,
        detail: `@${person.username}`,
        url: person.url,
        image: person.avatar_url,
      })),
    },
    {
      key: 'posts',
      title: 'Posts',
      hits: results.posts.map((post) => ({
        id: `post-${post.id}`,
        label: post.excerpt || 'A post with pictures',
        detail: `${post.author}${post.is_private ? ' · friends only' : ''}`,
        url: post.url,
        image: null,
      })),
    },
  ];
  return groups.filter((group) => group.hits.length > 0);
}

/** Where a hit leads inside the web app: absolute links of this site become paths. */
export function hitPath(url: string): string {
  if (!/^https?:\/\//.test(url)) return url;
  const target = new URL(url);
  return target.origin === window.location.origin ? `${target.pathname}${target.search}` : url;
}
