import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { IconButton, Tooltip } from '@mui/material';
import { openPalette } from './palette-store';

/**
 * The way into the portal search where there is no Ctrl+K (a phone, a tablet). Its globe sets it
 * apart from an app's own search (the shop's, the social network's) beside it.
 */
export function PortalSearchButton() {
  return (
    <Tooltip title="Search the whole portal (Ctrl+K)">
      <IconButton
        color="inherit"
        aria-label="Open the portal search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={openPalette}
        data-testid="portal-search-open"
      >
        <TravelExploreIcon />
      </IconButton>
    </Tooltip>
  );
}
