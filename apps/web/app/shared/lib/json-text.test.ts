import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReader, renderWithJsonValues, toJsonText, type JsonText } from './json-text';

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

  it('on the server, a render reads the value its loader noted, not the text parsed again; other texts are parsed', async () => {
    vi.stubEnv('SSR', true);
    const read = jsonReader<{ n: number }>(1);
    const jsonValues = new Map<string, unknown>();
    const value = { n: 1 };
    const text = toJsonText(value, { jsonValues });
    expect(jsonValues.get(text)).toBe(value);
    const parse = vi.spyOn(JSON, 'parse');
    // Inside the render, also after an await (the render goes on over later turns).
    const inRender = await renderWithJsonValues(jsonValues, async () => {
      await new Promise((r) => setTimeout(r, 0));
      return [read(text), read(fromServer({ n: 2 }))];
    });
    expect(inRender[0]).toBe(value);
    expect(inRender[1]).toEqual({ n: 2 });
    expect(parse).toHaveBeenCalledTimes(1);
    // Outside it (another request, a test calling a loader), the text is parsed.
    expect(read(text)).not.toBe(value);
    expect(read(text)).toEqual(value);
  });
});
