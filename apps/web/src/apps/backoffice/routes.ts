import type { PortalRoute } from '../../shared/routing/portal-route';

const page = (name: string, path: string, title: string, load: PortalRoute['page']): PortalRoute => ({
  name,
  path,
  title,
  layout: 'mainBackoffice',
  requiresAuth: true,
  page: load,
});

/**
 * The back office (issue 15), each page its own lazy chunk: the data grid and the charts load only
 * here, never on the landing page or in the shop. Login is required; the layout refuses non-staff.
 */
export const backofficeRoutes: PortalRoute[] = [
  // Issue 26: staff log in here, not on the social network's page.
  { ...page('loginBackoffice', '/backoffice/login', 'Log in', () => import('./pages/login-page')), requiresAuth: false },
  page('overviewBackoffice', '/backoffice', 'Overview', () => import('./pages/overview-page')),
  page('categoriesBackoffice', '/backoffice/categories', 'Categories', () => import('./pages/categories-page')),
  page('productsBackoffice', '/backoffice/products', 'Products', () => import('./pages/products-page')),
  page('newProductBackoffice', '/backoffice/products/new', 'New product', () => import('./pages/product-editor-page')),
  page('productBackoffice', '/backoffice/products/:id', 'Product', () => import('./pages/product-editor-page')),
  page('stockBackoffice', '/backoffice/stock', 'Stock', () => import('./pages/stock-page')),
  page('ordersBackoffice', '/backoffice/orders', 'Orders', () => import('./pages/orders-page')),
  page('orderBackoffice', '/backoffice/orders/:id', 'Order', () => import('./pages/order-page')),
  page('customersBackoffice', '/backoffice/customers', 'Customers', () => import('./pages/customers-page')),
  page('customerBackoffice', '/backoffice/customers/:id', 'Customer', () => import('./pages/customer-page')),
  page('discountsBackoffice', '/backoffice/discounts', 'Discounts', () => import('./pages/discounts-page')),
  page('shippingBackoffice', '/backoffice/shipping', 'Shipping', () => import('./pages/shipping-page')),
  page('taxRatesBackoffice', '/backoffice/tax-rates', 'Tax rates', () => import('./pages/tax-rates-page')),
  page('moderationBackoffice', '/backoffice/moderation', 'Moderation', () => import('./pages/moderation-page')),
  page('accountsBackoffice', '/backoffice/accounts', 'Accounts', () => import('./pages/accounts-page')),
  page('auditBackoffice', '/backoffice/audit', 'Audit log', () => import('./pages/audit-page')),
];
