/** The apps manager's React Query keys: built only here (eslint refuses a literal key elsewhere). */

export const projectsKey = ['apps-manager', 'projects'] as const;
