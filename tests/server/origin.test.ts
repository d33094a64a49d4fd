import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http';
import { builtOrigin, startNextServer, type RunningServer } from '../helpers/next-server';

/**
 * The default public origin (no SITE_URL) is this machine on the port the
 * server listens on: a client given what the documents advertise reaches
 * this server, not port 3000. Prerendered pages carry the build's origin,
 * so the server says at start when its own differs (lib/build-origin.ts).
 */
const localAddress = '127.0.0.87';
let byDefault: RunningServer;
let asBuilt: RunningServer;
const built = builtOrigin();

beforeAll(async () => {
  // `SITE_URL: ''` unsets it: the default origin, whatever the build recorded.
  byDefault = await startNextServer({ SITE_URL: '' });
  asBuilt = await startNextServer({});
});

afterAll(async () => {
  await byDefault?.stop();
  await asBuilt?.stop();
});

describe('a server started on a port with no SITE_URL', () => {
  it('names that port in its agent card, install lines and discovery documents', async () => {
    const origin = `http://localhost:${byDefault.port}`;
    const get = client(byDefault.url, localAddress);

    const card = (await get('/.well-known/agent-card.json')).json<{ url: string; documentationUrl: string }>();
    expect(card.url).toBe(`${origin}/mcp`);
    expect(card.documentationUrl.startsWith(`${origin}/`)).toBe(true);

    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);

    const manifest = await get('/mcp.json');
    expect(manifest.body).toContain(`"${origin}/mcp"`);
    expect(manifest.body).toContain(`"${origin}/mcp/docs"`);

    const catalog = await get('/.well-known/ai-catalog.json');
    expect(catalog.body).toContain(`${origin}/mcp`);

    const protectedResource = (await get('/.well-known/oauth-protected-resource')).json<{ resource: string }>();
    expect(protectedResource.resource).toBe(origin);

    const desktops = await get('/v1/desktops');
    expect(desktops.status).toBe(200);
    expect(desktops.body).toContain(`curl -fsSL ${origin}/`);

    for (const body of [JSON.stringify(card), robots.body, manifest.body, catalog.body, desktops.body]) {
      expect(body).not.toContain('localhost:3000');
    }
  });

  it('warns at start that its pages were built for another origin', () => {
    expect(built, 'the build recorded its origin').toBeDefined();
    const origin = `http://localhost:${byDefault.port}`;
    // A free port from the ephemeral range, never the build's.
    expect(origin).not.toBe(built);
    expect(byDefault.output()).toContain(`this server's public origin is ${origin}, but its pages were built for ${built}`);
  });
});

describe('a server started for the origin of its build', () => {
  it('does not warn, and its documents name the build’s origin', async () => {
    const get = client(asBuilt.url, localAddress);
    const card = (await get('/.well-known/agent-card.json')).json<{ url: string }>();
    expect(card.url).toBe(`${built}/mcp`);
    expect(asBuilt.output()).not.toContain('its pages were built for');
  });
});
