/**
 * A `User-Agent` header in two words for the devices list: «Chrome, Android», «Safari, iOS»,
 * «Яндекс Браузер, Windows». No library: the list shows people their own devices, not statistics.
 */

const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, 'Яндекс Браузер'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** «Браузер, система» from a `User-Agent` header; «Неизвестное устройство» when neither is recognised. */
export function describeUserAgent(ua: string | undefined | null): string {
  const s = ua ?? '';
  const browser = BROWSERS.find(([re]) => re.test(s))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(s))?.[1];
  if (browser && system) return `${browser}, ${system}`;
  return browser ?? system ?? 'Неизвестное устройство';
}
