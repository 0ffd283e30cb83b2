import type { SxProps, Theme } from '@mui/material';

/** An unread count's badge: white digits on the theme's dark error shade, at AA contrast in both themes. */
export const UNREAD_BADGE: SxProps<Theme> = { '& .MuiBadge-badge': { bgcolor: 'error.dark', color: 'common.white' } };
