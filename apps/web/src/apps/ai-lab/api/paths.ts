/** The AI lab's API paths for its first view, without React Query: the route table (entry chunk) uses them too. */
export const AI_STATUS_PATH = '/ai-lab/status/';
