// @vitest-environment node
import type { Project } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { projectsKey } from './apps/apps-manager/api/query-keys';
import { PROJECTS_PATH } from './apps/apps-manager/api/paths';
import { portalSettingsKey } from './shared/api/query-keys';
import { PORTAL_SETTINGS_PATH } from './shared/settings/paths';
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

describe('the server render (entry-server.tsx)', () => {
  it('names the landing page’s data by the path the API serves it on and the key its page reads it under', () => {
    expect(ssrData('/')).toEqual([
      { key: projectsKey, path: PROJECTS_PATH },
      { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
    ]);
    // Routes that have not opted in, and unknown paths, are not server rendered.
    expect(ssrData('/social/chat')).toBeNull();
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

  it('gives each render its own Emotion cache: the second render has every style again, with its own nonce', async () => {
    const data = [{ key: projectsKey, data: [project(1, 'Taberna')] }];
    const first = await render('/', { nonce: 'one', data });
    const second = await render('/', { nonce: 'two', data });
    expect(second.styles.replaceAll('nonce="two"', 'nonce="one"')).toBe(first.styles);
    expect(second.html).toBe(first.html);
  });

  it('gives a head script that marks the page for browser rendering only when the stored view differs', () => {
    const run = (stored: Record<string, string>) => {
      const attributes = new Map<string, string>();
      const storage = { getItem: (key: string) => stored[key] ?? null };
      const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
      new Function('localStorage', 'document', headScript())(storage, document);
      return attributes.get('data-portal-render');
    };
    expect(run({})).toBeUndefined();
    expect(run({ theme: 'light' })).toBeUndefined();
    expect(run({ theme: 'dark' })).toBe('client');
    expect(run({ access: 'token' })).toBe('client');
  });
});
