import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { AppBar, Box, Drawer, IconButton, Link, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { AlertArea } from '../alerts/alert-area';
import { DRAWER_WIDTH, MOBILE_BREAKPOINT, RAIL_WIDTH, TOP_BAR_HEIGHT } from '../theme/breakpoints';
import { PortalSearchButton } from './command-palette/portal-search-button';
import { NavList } from './nav-list';
import type { NavItem } from './nav-item';
import { useHydrated } from '../ui/use-hydrated';

interface AppShellProps {
  appName: string;
  homePath: string;
  /** `top`: links in the top bar on wide screens; `side`: a permanent side drawer (or rail) there. */
  navigation: 'top' | 'side';
  /** Shown in the top bar on wide screens only (top navigation). */
  desktopActions?: ReactNode;
  /** Shown in the top bar below the breakpoint only (a compact form of what `desktopActions` offer). */
  phoneActions?: ReactNode;
  /** Shown in the top bar at every width (theme toggle, cart, ...). */
  actions?: ReactNode;
  drawerItems: NavItem[];
  footer: ReactNode;
  children: ReactNode;
  testId: string;
}

/** The frame every app shares: top bar, drawer (temporary below `lg`, closed on navigation), alerts, footer. */
export function AppShell({
  appName,
  homePath,
  navigation,
  desktopActions,
  phoneActions,
  actions,
  drawerItems,
  footer,
  children,
  testId,
}: AppShellProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up(MOBILE_BREAKPOINT), { noSsr: true });
  // Server-rendered pages (issue 12): their HTML must be the same at every width, so until hydration
  // both the phone and the desktop parts are there, CSS showing one (top navigation: the phone's
  // menu button and actions or the desktop's links; side navigation: the phone's menu button or the
  // permanent drawer with its collapse button); once hydrated (at once when rendered in the browser)
  // only the ones the width needs.
  const hydrated = useHydrated();
  const both = !hydrated;
  const [mobileOpen, setMobileOpen] = useState(false);
  const [rail, setRail] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMobileOpen(false), [pathname]);

  const side = navigation === 'side';
  const permanent = side && wide && !both;
  const sideWidth = permanent ? (rail ? RAIL_WIDTH : DRAWER_WIDTH) : 0;
  const showMenuButton = both || !wide || side;
  const phoneOnly = { display: { xs: 'inline-flex', [MOBILE_BREAKPOINT]: 'none' } };
  const desktopOnly = { display: { xs: 'none', [MOBILE_BREAKPOINT]: 'flex' } };
  // The permanent drawer is in the HTML before hydration, shown by CSS on wide screens only.
  const showSideDrawer = side && (both || wide);
  const showTemporaryDrawer = !side || both || !wide;

  /** The button that opens the temporary drawer, or collapses and expands the permanent one. */
  const menuButton = (kind: 'open' | 'rail', sx?: object) => (
    <IconButton
      color="inherit"
      edge="start"
      aria-label={kind === 'open' ? 'Open navigation' : rail ? 'Expand navigation' : 'Collapse navigation'}
      aria-expanded={kind === 'open' ? mobileOpen : !rail}
      onClick={() => (kind === 'open' ? setMobileOpen(true) : setRail((value) => !value))}
      sx={sx}
      data-testid="menu-button"
    >
      {kind === 'rail' && !rail ? <MenuOpenIcon /> : <MenuIcon />}
    </IconButton>
  );

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}
      data-testid={testId}
    >
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          top: 8,
          zIndex: 2000,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { left: 8 },
        }}
      >
        Skip to content
      </Link>
      <AppBar position="sticky" color="primary" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1, height: TOP_BAR_HEIGHT }}>
          {showMenuButton &&
            (both || !permanent ? menuButton('open', both || !side ? phoneOnly : undefined) : menuButton('rail'))}
          {both && side && menuButton('rail', { display: { xs: 'none', [MOBILE_BREAKPOINT]: 'inline-flex' } })}
          <Typography variant="h6" component="p" noWrap sx={{ flexShrink: 1, minWidth: 0 }}>
            <Link component={RouterLink} to={homePath} color="inherit" underline="none" data-testid="app-title">
              {appName}
            </Link>
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {navigation === 'top' ? (
            <>
              {desktopActions && (both || wide) && <Box sx={desktopOnly}>{desktopActions}</Box>}
              {phoneActions && (both || !wide) && <Box sx={phoneOnly}>{phoneActions}</Box>}
            </>
          ) : both ? (
            phoneActions && <Box sx={phoneOnly}>{phoneActions}</Box>
          ) : (
            !wide && phoneActions
          )}
          <PortalSearchButton />
          {actions}
        </Toolbar>
      </AppBar>

      {showSideDrawer && (
        <Drawer
          variant="permanent"
          sx={{
            width: sideWidth || DRAWER_WIDTH,
            flexShrink: 0,
            position: 'fixed',
            ...(both && { display: { xs: 'none', [MOBILE_BREAKPOINT]: 'block' } }),
            '& .MuiDrawer-paper': {
              width: sideWidth || DRAWER_WIDTH,
              top: TOP_BAR_HEIGHT,
              height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
              overflowX: 'hidden',
              transition: 'width 150ms',
            },
          }}
          data-testid="side-drawer"
        >
          <NavList items={drawerItems} rail={permanent && rail} label={`${appName} menu`} />
        </Drawer>
      )}
      {showTemporaryDrawer && (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: false }}
          slotProps={{ paper: { 'aria-label': `${appName} navigation` } }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          data-testid="mobile-drawer"
        >
          <Toolbar sx={{ px: 2.5 }}>
            <Typography variant="subtitle1" component="p" noWrap>
              {appName}
            </Typography>
          </Toolbar>
          <NavList items={drawerItems} label={`${appName} menu`} />
        </Drawer>
      )}

      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          // Before hydration the side drawer's room is CSS's too (none below the breakpoint).
          ml: both && side ? { xs: 0, [MOBILE_BREAKPOINT]: `${DRAWER_WIDTH}px` } : `${sideWidth}px`,
          transition: 'margin 150ms',
          minWidth: 0,
        }}
      >
        <AlertArea />
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none', py: { xs: 3, md: 4 } }}>
          {children}
        </Box>
        {footer}
      </Box>
    </Box>
  );
}
