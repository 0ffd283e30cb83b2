/** The apps manager's API paths, without React Query: the route table (entry chunk) uses them too. */
export const PROJECTS_PATH = '/api/v1/vue-apps/';
