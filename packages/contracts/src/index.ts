export * from './fields.js';
export * from './errors.js';
export * from './auth.js';
export * from './apps-manager.js';
export * from './portal.js';
export * from './social.js';
export * from './ai-lab.js';
