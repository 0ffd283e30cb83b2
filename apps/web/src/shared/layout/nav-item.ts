import type { ReactNode } from 'react';

/** An entry of a drawer or menu: an in-app route, an external link, or an action. */
export interface NavItem {
  label: string;
  icon?: ReactNode;
  to?: string;
  href?: string;
  onClick?: () => void;
  testId?: string;
}
