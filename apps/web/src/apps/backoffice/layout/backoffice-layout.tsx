import AssessmentIcon from '@mui/icons-material/Assessment';
import CategoryIcon from '@mui/icons-material/Category';
import ContactsIcon from '@mui/icons-material/Contacts';
import DiscountIcon from '@mui/icons-material/Discount';
import FlagIcon from '@mui/icons-material/Flag';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PeopleIcon from '@mui/icons-material/People';
import PercentIcon from '@mui/icons-material/Percent';
import PublicIcon from '@mui/icons-material/Public';
import SellIcon from '@mui/icons-material/Sell';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useStaffRole } from '../../../shared/auth/use-staff-role';
import { SideNavLayout } from '../../../shared/layout/side-nav-layout';
import type { NavItem } from '../../../shared/layout/nav-item';
import { StaffGate } from './staff-gate';

/** Issue 15.2: the back office's menu. */
const MENU: NavItem[] = [
  { label: 'Overview', to: '/backoffice', icon: <AssessmentIcon />, testId: 'bo-nav-overview' },
  { label: 'Categories', to: '/backoffice/categories', icon: <CategoryIcon />, testId: 'bo-nav-categories' },
  { label: 'Products', to: '/backoffice/products', icon: <SellIcon />, testId: 'bo-nav-products' },
  { label: 'Stock', to: '/backoffice/stock', icon: <Inventory2Icon />, testId: 'bo-nav-stock' },
  { label: 'Orders', to: '/backoffice/orders', icon: <LocalShippingIcon />, testId: 'bo-nav-orders' },
  { label: 'Customers', to: '/backoffice/customers', icon: <ContactsIcon />, testId: 'bo-nav-customers' },
  { label: 'Discounts', to: '/backoffice/discounts', icon: <DiscountIcon />, testId: 'bo-nav-discounts' },
  { label: 'Shipping', to: '/backoffice/shipping', icon: <PublicIcon />, testId: 'bo-nav-shipping' },
  { label: 'Tax rates', to: '/backoffice/tax-rates', icon: <PercentIcon />, testId: 'bo-nav-tax-rates' },
  { label: 'Moderation', to: '/backoffice/moderation', icon: <FlagIcon />, testId: 'bo-nav-moderation' },
  { label: 'Accounts', to: '/backoffice/accounts', icon: <PeopleIcon />, testId: 'bo-nav-accounts' },
  { label: 'Audit log', to: '/backoffice/audit', icon: <HistoryIcon />, testId: 'bo-nav-audit' },
  { label: 'Shop', to: '/taberna', icon: <StorefrontIcon /> },
];

export const BACKOFFICE_LOGIN_PATH = '/backoffice/login';

export default function BackofficeLayout({ children }: { children: ReactNode }) {
  // Someone without a role sees only the way out, not a menu of pages they cannot open.
  const staff = useStaffRole() !== null;
  const loggingIn = useLocation().pathname.replace(/\/$/, '') === BACKOFFICE_LOGIN_PATH;
  return (
    <SideNavLayout layout="mainBackoffice" accent="backoffice" homePath="/backoffice" menu={staff && !loggingIn ? MENU : []}>
      {loggingIn ? children : <StaffGate>{children}</StaffGate>}
    </SideNavLayout>
  );
}
