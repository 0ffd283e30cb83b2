/** What the rest of the portal (the command line) may use of the back office. */
export { grantRole, type GrantOutcome } from './grant.js';
