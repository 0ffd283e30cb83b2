import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { NavItem } from './nav-item';

/** A top bar's text buttons on desktop: in-app routes as links, actions (such as Logout) as buttons. */
export function NavButtons({ items }: { items: NavItem[] }) {
  return items.map((item) =>
    item.to ? (
      <Button key={item.label} color="inherit" component={RouterLink} to={item.to} data-testid={item.testId}>
        {item.label}
      </Button>
    ) : (
      <Button key={item.label} color="inherit" onClick={item.onClick} data-testid={item.testId}>
        {item.label}
      </Button>
    ),
  );
}
