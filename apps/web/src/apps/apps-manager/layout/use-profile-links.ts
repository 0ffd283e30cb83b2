import type { NavItem } from '../../../shared/layout/nav-item';
import { usePortalSettings } from '../../../shared/settings/use-portal-settings';

/** The CV, source-code host and professional-network links, as configured on the server. */
export function useProfileLinks(): NavItem[] {
  const links = usePortalSettings().data?.links;
  if (!links) return [];
  return [
    { label: 'CV', href: links.cv, testId: 'link-cv' },
    { label: 'Source code', href: links.source_code, testId: 'link-source-code' },
    { label: 'Professional network', href: links.professional_network, testId: 'link-professional-network' },
  ].filter((link) => link.href !== '');
}
