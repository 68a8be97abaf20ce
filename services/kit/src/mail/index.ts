export * from './layout.js';
export * from './mailer.js';
