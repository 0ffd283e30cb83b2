import AppsIcon from '@mui/icons-material/Apps';
import HomeIcon from '@mui/icons-material/Home';
import LaunchIcon from '@mui/icons-material/Launch';
import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppShell } from '../../../shared/layout/app-shell';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { PortalFooter } from '../../../shared/layout/portal-footer';
import { useBackofficeLink } from '../../../shared/layout/use-backoffice-link';
import { useAllAppsUrl } from '../../../shared/settings/use-portal-settings';
import { AppThemeProvider } from '../../../shared/theme/app-theme-provider';
import { ThemeToggle } from '../../../shared/theme/theme-toggle';
import { useProfileLinks } from './use-profile-links';

export default function AppsManagerLayout({ children }: { children: ReactNode }) {
  const profileLinks = useProfileLinks();
  const allApps = useAllAppsUrl();
  const backoffice = useBackofficeLink();
  return (
    <AppThemeProvider accent="appsManager">
      <AppShell
        appName={APP_NAMES.mainAppsManager}
        homePath="/"
        navigation="top"
        testId="layout-mainAppsManager"
        desktopActions={
          <Stack direction="row" spacing={0.5}>
            {backoffice.map((link) => (
              <Button key={link.label} color="inherit" component={RouterLink} to={link.to ?? '/'} data-testid={link.testId}>
                {link.label}
              </Button>
            ))}
            {profileLinks.map((link) => (
              <Button
                key={link.label}
                color="inherit"
                href={link.href ?? ''}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={link.testId}
              >
                {link.label}
              </Button>
            ))}
          </Stack>
        }
        actions={<ThemeToggle />}
        drawerItems={[
          { label: 'Home', to: '/', icon: <HomeIcon /> },
          { label: 'All Apps', href: allApps, icon: <AppsIcon /> },
          ...profileLinks.map((link) => ({ ...link, icon: <LaunchIcon /> })),
          ...backoffice,
        ]}
        footer={
          <PortalFooter
            productName="Portal"
            width="xl"
            links={[
              { label: 'All Apps', href: allApps, testId: 'footer-all-apps' },
              { label: 'Vue Apps', to: '/', testId: 'footer-vue-apps' },
            ]}
          />
        }
      >
        {children}
      </AppShell>
    </AppThemeProvider>
  );
}
