// The typed catalog behind the docs, the home page, /v1 and the MCP tools.
export * from './rooms';
export * from './desktops';
export * from './apps';
