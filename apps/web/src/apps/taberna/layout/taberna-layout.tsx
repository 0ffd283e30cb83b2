import AppsIcon from '@mui/icons-material/Apps';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { AppProfileGate } from '../../../shared/auth/app-profile-gate';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { AppShell } from '../../../shared/layout/app-shell';
import { NavButtons } from '../../../shared/layout/nav-buttons';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { useBackofficeLink } from '../../../shared/layout/use-backoffice-link';
import type { NavItem } from '../../../shared/layout/nav-item';
import { PortalFooter } from '../../../shared/layout/portal-footer';
import { useAllAppsUrl } from '../../../shared/settings/use-portal-settings';
import { AppThemeProvider } from '../../../shared/theme/app-theme-provider';
import { ThemeToggle } from '../../../shared/theme/theme-toggle';
import { useCategories } from '../api/get-categories';
import { useCart } from '../api/get-cart';
import { CartButton } from '../components/cart-button';
import { MenuButton } from '../components/menu-button';
import { ShopSearchDialog } from '../components/search-dialog';
import { useShopLogout } from './use-shop-logout';

export default function TabernaLayout({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const allApps = useAllAppsUrl();
  const logout = useShopLogout();
  const backoffice = useBackofficeLink();
  // Spec §4: the shop's start loads the categories and the cart.
  const categories = useCategories();
  const cart = useCart();
  const categoryItems: NavItem[] = (categories.data ?? []).map((category) => ({
    label: category.name,
    to: category.get_absolute_url,
  }));
  /** Spec §2: "Cart (n) shows the cart quantity, or 0 when missing". */
  const cartQuantity = cart.data?.quantity ?? 0;
  const appsItems: NavItem[] = [
    { label: 'All Apps', href: allApps },
    { label: 'Vue Apps', to: '/' },
  ];
  const accountItems: NavItem[] = loggedIn
    ? [
        ...backoffice,
        { label: 'Dashboard', to: '/taberna/dashboard', icon: <DashboardIcon />, testId: 'nav-dashboard' },
        { label: 'Logout', onClick: logout, icon: <LogoutIcon />, testId: 'nav-logout' },
      ]
    : [
        { label: 'Login', to: '/taberna/login', icon: <LoginIcon />, testId: 'nav-login' },
        { label: 'Signup', to: '/taberna/signup', icon: <PersonAddIcon />, testId: 'nav-signup' },
      ];

  return (
    <AppThemeProvider accent="taberna">
      <AppShell
        appName={APP_NAMES.mainTaberna}
        homePath="/taberna"
        navigation="top"
        testId="layout-mainTaberna"
        desktopActions={
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <MenuButton label="Apps Manager" items={appsItems} />
            <MenuButton
              label="Category"
              items={categoryItems}
              emptyText={categories.isPending ? 'Loading…' : 'No categories yet'}
            />
            <NavButtons items={accountItems} />
          </Stack>
        }
        actions={
          <>
            <ThemeToggle />
            <CartButton quantity={cartQuantity} />
            <ShopSearchDialog />
          </>
        }
        drawerItems={[
          { label: 'Home', to: '/taberna', icon: <HomeIcon /> },
          ...categoryItems.map((item) => ({ ...item, icon: <CategoryIcon /> })),
          ...accountItems,
          { label: 'All Apps', href: allApps, icon: <AppsIcon /> },
          { label: 'Vue Apps', to: '/', icon: <ViewModuleIcon /> },
        ]}
        footer={
          <PortalFooter
            productName={APP_NAMES.mainTaberna}
            links={[
              { label: 'Home', to: '/taberna' },
              ...(loggedIn
                ? []
                : [
                    { label: 'Signup', to: '/taberna/signup' },
                    { label: 'Login', to: '/taberna/login' },
                  ]),
              { label: 'All Apps', href: allApps, testId: 'footer-all-apps' },
              { label: 'Vue Apps', to: '/', testId: 'footer-vue-apps' },
            ]}
          />
        }
      >
        <AppProfileGate
          app="taberna"
          appName="Taberna"
          promise="Shop with your cart, checkout and order history."
          onJoined={() => void cart.refetch()}
        >
          {children}
        </AppProfileGate>
      </AppShell>
    </AppThemeProvider>
  );
}
