/** What the rest of the portal may use of accounts. */
export { createSessionService } from './session.service.js';
export { createPasswordChangeService, PasswordChangeRefused, type PasswordChangeService } from './password-change.service.js';
export { USERNAME_PATTERN } from './registration.service.js';
