export * from './accounts.js';
export * from './social.js';
export * from './taberna.js';
export * from './apps-manager.js';
export * from './notifications.js';
export * from './ai-lab.js';
export * from './chat.js';
export * from './backoffice.js';
