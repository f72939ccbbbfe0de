import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReader, toJsonText, type JsonText } from './json-text';

/** A text as the browser gets it: made elsewhere (by the server). */
const fromServer = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('route data as JSON text', () => {
  it('round-trips plain JSON data', () => {
    const value = { count: 2, results: [{ id: 1, title: 'Платье «Zara»', sizes: ['S'] }], next: null };
    const text = toJsonText(value);
    expect(typeof text).toBe('string');
    expect(jsonReader<typeof value>()(text)).toEqual(value);
  });

  it('in the browser, parses a text once while it is among the last texts a reader kept', () => {
    vi.stubEnv('SSR', false);
    const parse = vi.spyOn(JSON, 'parse');
    const read = jsonReader<{ type: string }>(2);
    const women = read(fromServer({ type: 'women' }));
    expect(read(fromServer({ type: 'women' }))).toBe(women);
    const men = read(fromServer({ type: 'men' }));
    expect(read(fromServer({ type: 'men' }))).toBe(men);
    expect(read(fromServer({ type: 'women' }))).toBe(women);
    expect(parse).toHaveBeenCalledTimes(2);
    // A third kind pushes out the one parsed longest ago («women»), which is then parsed again.
    read(fromServer({ type: 'kids' }));
    expect(read(fromServer({ type: 'men' }))).toBe(men);
    expect(read(fromServer({ type: 'women' }))).not.toBe(women);
    expect(parse).toHaveBeenCalledTimes(4);
  });

  it('on the server, keeps nothing across calls: each read is a value of its own', () => {
    vi.stubEnv('SSR', true);
    const read = jsonReader<{ n: number }>(4);
    const text = fromServer({ n: 1 });
    const one = read(text);
    const two = read(text);
    expect(two).toEqual(one);
    expect(two).not.toBe(one);
  });
});
