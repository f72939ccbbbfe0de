/** Reading Prometheus text in tests. */

/** The value of one sample line of the Prometheus text (`name{labels} value`), or undefined. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}
