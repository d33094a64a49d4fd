import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

/**
 * Browsers and crawlers ask for /favicon.ico on their first visit: it is the
 * site icon (app/favicon.ico, drawn from app/icon.svg), an ICO container
 * (a 6-byte header, one 16-byte entry per image, then the images).
 */
const get = client(inject('baseUrl'), '127.0.0.88');

describe('/favicon.ico', () => {
  it('is 200 with an image type and ICO bytes holding square PNG images', async () => {
    const res = await get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const ico = res.bytes;
    expect(ico.readUInt16LE(0), 'reserved').toBe(0);
    expect(ico.readUInt16LE(2), 'type: icon').toBe(1);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThan(0);
    const sizes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const entry = ico.subarray(6 + 16 * i, 22 + 16 * i);
      const [width, height] = [entry[0] || 256, entry[1] || 256];
      expect(width).toBe(height);
      const [length, offset] = [entry.readUInt32LE(8), entry.readUInt32LE(12)];
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const image = ico.subarray(offset, offset + length);
      expect(image.subarray(0, 8).toString('hex'), 'a PNG image').toBe('89504e470d0a1a0a');
      expect([image.readUInt32BE(16), image.readUInt32BE(20)], 'the PNG is the size its entry says').toEqual([width, height]);
      sizes.push(width);
    }
    expect(sizes).toContain(16);
    expect(sizes).toContain(32);
  });

  it('answers a browser the icon too, never the 404 page', async () => {
    const res = await get('/favicon.ico', { headers: { accept: 'image/avif,image/webp,image/png,image/*;q=0.8,*/*;q=0.5' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('takes reads only: another method gets 405 with Allow', async () => {
    const res = await get('/favicon.ico', { method: 'TRACE' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});
