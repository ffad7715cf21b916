export * from './messages.js';
export * from './limits.js';
export * from './seats.js';
export * from './server-messages.js';
export * from './errors.js';
export * from './api.js';
export * from './avatars.js';
export * from './tournaments.js';
