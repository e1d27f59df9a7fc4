export * from './common';
export * from './system';
export * from './messaging';
export * from './business';
export * from './list-counts';
export * from './auth-attempts';
export * from './cache-versions';
export * from './user-preferences';
