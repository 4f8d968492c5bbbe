/**
 * The whole schema, one module per room (drizzle.config.ts and the code import this barrel). The room
 * modules import each other's tables directly and their shared columns from columns.ts, never this
 * file, so the schema has no import circle (decision record 0038).
 */
export * from './core-schema';
export * from './users-schema';
export * from './catalog-schema';
export * from './social-schema';
export * from './playback-schema';
export * from './commerce-schema';
export * from './shop-schema';
export * from './growth-schema';
export * from './payman-schema';
export * from './cafe-schema';
export * from './gifts-schema';
export * from './media-jobs-schema';
export * from './staff-schema';
export * from './refunds-schema';
export * from './settlement-schema';
export * from './screenings-schema';
export * from './chat-schema';
export * from './award-schema';
export * from './notify-schema';
