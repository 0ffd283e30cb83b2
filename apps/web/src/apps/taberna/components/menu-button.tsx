import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { NavItem } from '../../../shared/layout/nav-item';

/** A top-bar button that opens a menu of links (Apps Manager, Category). */
export function MenuButton({ label, items, emptyText }: { label: string; items: NavItem[]; emptyText?: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {items.length === 0 && emptyText && <MenuItem disabled>{emptyText}</MenuItem>}
        {items.map((item) =>
          item.to ? (
            <MenuItem key={item.label} component={RouterLink} to={item.to} onClick={close}>
              {item.label}
            </MenuItem>
          ) : (
            <MenuItem key={item.label} component="a" href={item.href ?? '#'} onClick={close}>
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
