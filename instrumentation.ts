// Runs once when the Next.js server starts (Node.js runtime only).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { installNodeServerHooks } = await import('./lib/http/node-server-hooks');
    installNodeServerHooks();
    // Fail at start on a bad configuration, with a clear message.
    const { env } = await import('./lib/env');
    env();
  }
}
