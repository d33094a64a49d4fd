export * from './installer';
export * from './signature-directory';
export * from './upstream-cache';
