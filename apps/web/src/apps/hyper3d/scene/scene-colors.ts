import type { ThemeMode } from '../../../shared/theme/theme';

export interface SceneColors {
  background: string;
  ground: string;
  sky: string;
  horizon: string;
  grid: string;
  gridCentre: string;
}

/** The 3D scenes follow the portal's light and dark themes. */
export function sceneColors(mode: ThemeMode): SceneColors {
  return mode === 'dark'
    ? {
        background: '#161a1f',
        ground: '#232a31',
        sky: '#c8dcff',
        horizon: '#2a2420',
        grid: '#3a444e',
        gridCentre: '#5fd6b0',
      }
    : {
        background: '#dde6e9',
        ground: '#c6d1d4',
        sky: '#ffffff',
        horizon: '#8d8271',
        grid: '#9aa7ab',
        gridCentre: '#0b6b5f',
      };
}
