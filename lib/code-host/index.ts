export * from './code-host-client';
export * from './request-signer';
