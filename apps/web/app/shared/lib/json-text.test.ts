import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReader, toJsonText } from './json-text';

afterEach(() => vi.restoreAllMocks());

describe('route data as JSON text', () => {
  it('round-trips plain JSON data', () => {
    const value = { count: 2, results: [{ id: 1, title: 'Платье «Zara»', sizes: ['S'] }], next: null };
    const text = toJsonText(value);
    expect(typeof text).toBe('string');
    expect(jsonReader<typeof value>()(text)).toEqual(value);
  });

  it('stringifies a reused object once, and any other value every time', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const chars = { brands: [{ id: 1, name: 'Nike' }] };
    expect(toJsonText(chars, { reuse: true })).toBe(toJsonText(chars, { reuse: true }));
    expect(stringify).toHaveBeenCalledTimes(1);
    toJsonText(chars);
    toJsonText(chars);
    expect(stringify).toHaveBeenCalledTimes(3);
    // A changed object (a new brand) is a new object on the server: its own text.
    expect(toJsonText({ brands: [] }, { reuse: true })).toBe('{"brands":[]}');
  });

  it('parses a text once while it is among the last texts a reader kept', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const read = jsonReader<{ type: string }>(2);
    const women = read(toJsonText({ type: 'women' }));
    expect(read(toJsonText({ type: 'women' }))).toBe(women);
    const men = read(toJsonText({ type: 'men' }));
    expect(read(toJsonText({ type: 'men' }))).toBe(men);
    expect(read(toJsonText({ type: 'women' }))).toBe(women);
    expect(parse).toHaveBeenCalledTimes(2);
    // A third kind pushes out the one parsed longest ago («women»), which is then parsed again.
    read(toJsonText({ type: 'kids' }));
    expect(read(toJsonText({ type: 'men' }))).toBe(men);
    expect(read(toJsonText({ type: 'women' }))).not.toBe(women);
    expect(parse).toHaveBeenCalledTimes(4);
  });
});
