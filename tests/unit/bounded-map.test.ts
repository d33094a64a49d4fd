import { describe, expect, it } from 'vitest';
import { BoundedMap } from '@/lib/platform/bounded-map';

describe('BoundedMap', () => {
  it('holds at most its limit, forgetting the entry set longest ago', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([undefined, 2, 3, 2]);
  });

  it('deleteIf removes an entry only while it holds the value given', () => {
    const map = new BoundedMap<string, object>(4);
    const [first, second] = [{}, {}];
    map.set('k', first);
    map.set('k', second);
    map.deleteIf('k', first);
    expect(map.get('k')).toBe(second);
    map.deleteIf('k', second);
    expect(map.get('k')).toBeUndefined();
  });
});
