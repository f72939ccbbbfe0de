/** The whole Drizzle schema (one PostgreSQL schema for PGlite and PostgreSQL alike). */
export * from './catalog.js';
export * from './users.js';
export * from './products.js';
export * from './social.js';
export * from './delivery.js';
export * from './orders.js';
export * from './notifications.js';
export * from './jobs.js';
export * from './limits.js';
export * from './testbank.js';
export * from './stats.js';
export * from './ledger.js';
export * from './reviews.js';
export * from './disputes.js';
export * from './cart.js';
export * from './chats.js';
export * from './moderation.js';
