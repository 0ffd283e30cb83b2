/** Spec §1: the name of each app, used in page titles and top bars. */
export const APP_NAMES = {
  mainAppsManager: 'Apps Manager',
  mainTaberna: 'Taberna E-com',
  mainSocial: 'Social Network',
  mainAILab: 'AI Lab',
  mainHyper3d: 'Hyper 3D (Work In Progress)',
  mainBackoffice: 'Back office',
} as const;

export type LayoutName = keyof typeof APP_NAMES;
