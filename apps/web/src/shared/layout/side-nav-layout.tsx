import AppsIcon from '@mui/icons-material/Apps';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import type { ReactNode } from 'react';
import { useAllAppsUrl } from '../settings/use-portal-settings';
import { AppThemeProvider } from '../theme/app-theme-provider';
import type { AppAccent } from '../theme/theme';
import { ThemeToggle } from '../theme/theme-toggle';
import { AppShell } from './app-shell';
import { APP_NAMES, type LayoutName } from './app-names';
import type { NavItem } from './nav-item';
import { PortalFooter } from './portal-footer';

/** The shell of the tool-like apps (AI lab, Hyper 3D): a side menu, a rail when collapsed. */
export function SideNavLayout({
  layout,
  accent,
  homePath,
  menu,
  children,
}: {
  layout: LayoutName;
  accent: AppAccent;
  homePath: string;
  menu: NavItem[];
  children: ReactNode;
}) {
  const allApps = useAllAppsUrl();
  return (
    <AppThemeProvider accent={accent}>
      <AppShell
        appName={APP_NAMES[layout]}
        homePath={homePath}
        navigation="side"
        testId={`layout-${layout}`}
        actions={<ThemeToggle />}
        drawerItems={[
          ...menu,
          { label: 'All Apps', href: allApps, icon: <AppsIcon /> },
          { label: 'Vue Apps', to: '/', icon: <ViewModuleIcon /> },
        ]}
        footer={
          <PortalFooter
            productName={APP_NAMES[layout]}
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
