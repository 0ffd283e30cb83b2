/** Spec §9: responsive breakpoints and shell sizes. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
/** Below this width the navigation lives in a temporary drawer. */
export const MOBILE_BREAKPOINT = 'lg' as const;
export const TOP_BAR_HEIGHT = 64;
export const DRAWER_WIDTH = 256;
export const RAIL_WIDTH = 56;
export const SEARCH_DIALOG_MAX_WIDTH = 400;
export const ALERT_DISPLAY_MS = 5000;
