import { expect, type Page } from '@playwright/test';

/**
 * Waits until React owns the page (issue 12): a server-rendered page (`#root[data-ssr]`) shows its
 * buttons before the scripts have run, and a click or key then has no listener yet. Pages rendered in
 * the browser only pass at once.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
}
