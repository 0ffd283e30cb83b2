import { List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import type { NavItem } from './nav-item';

function isExternal(href: string) {
  return /^https?:\/\//.test(href);
}

/** The items of a drawer. In a rail (collapsed drawer) only icons show, with their labels as tooltips. */
export function NavList({ items, rail = false, label }: { items: NavItem[]; rail?: boolean; label: string }) {
  const { pathname } = useLocation();
  // The most specific item wins: on /ai-lab/voice-generator, "Voice Generator" is current, not "Funny Chat" (/ai-lab).
  const matches = (to: string) => to === pathname || (to !== '/' && pathname.startsWith(`${to}/`));
  const current = items
    .map((item) => item.to)
    .filter((to): to is string => to !== undefined && matches(to))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <List component="nav" aria-label={label}>
      {items.map((item) => {
        const selected = item.to !== undefined && item.to === current;
        const linkProps = item.to
          ? { component: RouterLink, to: item.to }
          : item.href
            ? {
                component: 'a',
                href: item.href,
                ...(isExternal(item.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
              }
            : { onClick: item.onClick };
        const button = (
          <ListItemButton
            key={item.label}
            {...linkProps}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            data-testid={item.testId}
            sx={{ minHeight: 48, px: rail ? 2 : 2.5 }}
          >
            {item.icon && <ListItemIcon sx={{ minWidth: rail ? 0 : 40 }}>{item.icon}</ListItemIcon>}
            <ListItemText
              primary={item.label}
              sx={
                rail
                  ? { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }
                  : undefined
              }
            />
          </ListItemButton>
        );
        return rail ? (
          <Tooltip key={item.label} title={item.label} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </List>
  );
}
