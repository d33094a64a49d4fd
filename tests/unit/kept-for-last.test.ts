import { describe, expect, it } from 'vitest';
import { keptForLast } from '@/lib/platform/kept-for-last';

/** lib/platform/kept-for-last.ts: what is made from the docs source, made again for a new one. */
describe('keptForLast', () => {
  it('makes once per key and again for another', () => {
    const made: string[] = [];
    const of = keptForLast((key: string) => (made.push(key), `${key}!`));
    expect([of('a'), of('a'), of('b'), of('b'), of('a')]).toEqual(['a!', 'a!', 'b!', 'b!', 'a!']);
    expect(made).toEqual(['a', 'b', 'a']);
  });

  it('keeps nothing that threw: the next call for the same key tries again, and never answers the old key\'s value', () => {
    let fail = false;
    let calls = 0;
    const of = keptForLast((key: number) => {
      calls += 1;
      if (fail) throw new Error('no');
      return key * 10;
    });
    expect(of(1)).toBe(10);
    fail = true;
    expect(() => of(2)).toThrow('no');
    fail = false;
    expect(of(2)).toBe(20);
    expect(calls).toBe(3);
  });

  it('forgets a promise that rejects, and shares one still pending', async () => {
    let attempt = 0;
    const of = keptForLast((key: string) => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('first fails')) : Promise.resolve(`${key}${attempt}`);
    });
    await expect(of('x')).rejects.toThrow('first fails');
    const [a, b] = [of('x'), of('x')];
    expect(a).toBe(b);
    expect(await a).toBe('x2');
    expect(attempt).toBe(2);
  });
});
