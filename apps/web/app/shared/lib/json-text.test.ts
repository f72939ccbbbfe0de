import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReader, MADE_KEPT, toJsonText, type JsonText } from './json-text';

/** A text as the browser gets it: made elsewhere (by the server), not by this process's `toJsonText`. */
const fromServer = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

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

  it("on the server, hands a screen its loader's own value without parsing the text, while it is among the last made", () => {
    const parse = vi.spyOn(JSON, 'parse');
    const read = jsonReader<{ n: number }>(1);
    const value = { n: 1 };
    expect(read(toJsonText(value))).toBe(value);
    expect(parse).not.toHaveBeenCalled();
    // Pushed out by later texts (other pages' loaders): parsed.
    const old = { n: 2 };
    const text = toJsonText(old);
    for (let i = 0; i < MADE_KEPT; i++) toJsonText({ n: 100 + i });
    expect(read(text)).toEqual(old);
    expect(read(text)).not.toBe(old);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('with VERIFY_REUSED_HTML=1, fails a loader value that its parse would not give back', () => {
    const verify = process.env.VERIFY_REUSED_HTML;
    process.env.VERIFY_REUSED_HTML = '1';
    try {
      const read = jsonReader<unknown>(1);
      expect(read(toJsonText({ list: [1, 'а', null, true], nested: { x: 0.5 } }))).toBeTruthy();
      for (const bad of [{ at: new Date(0) }, { x: undefined }, { n: Number.NaN }, [1, undefined], { n: -0 }])
        expect(() => read(toJsonText(bad)), JSON.stringify(bad)).toThrow(/не простой JSON/);
    } finally {
      if (verify === undefined) delete process.env.VERIFY_REUSED_HTML;
      else process.env.VERIFY_REUSED_HTML = verify;
    }
  });
});
