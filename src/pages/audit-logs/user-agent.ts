/** What the log details show of a user agent string beside the string itself. */
export type ParsedUserAgent = { browser?: string; os?: string; mobile: boolean };

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, and iOS browsers say Safari too.
const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /\b(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /\bVersion\/([\d.]+).*\bSafari\//],
];

const systems: [name: string, pattern: RegExp, version?: (match: RegExpMatchArray) => string | undefined][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod).*?\bOS (\d+(?:_\d+)*)/, (match) => match[1]?.replaceAll('_', '.')],
  ['Android', /\bAndroid ([\d.]+)/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows NT ([\d.]+)/, (match) => ({ '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7' })[match[1] ?? '']],
  ['macOS', /\bMac OS X (\d+(?:[_.]\d+)*)/, (match) => match[1]?.replaceAll('_', '.')],
  ['Linux', /\bLinux\b/],
];

const major = (version: string | undefined) => version?.split('.')[0];

/** A small reading of common browsers and systems; anything else is left out rather than guessed. */
export function parseUserAgent(userAgent: string): ParsedUserAgent {
  const parsed: ParsedUserAgent = { mobile: /\bMobi|\bAndroid\b.*\bMobile\b|\biPhone\b/.test(userAgent) };
  for (const [name, pattern] of browsers) {
    const match = userAgent.match(pattern);
    if (!match) continue;
    parsed.browser = [name, major(match[1])].filter(Boolean).join(' ');
    break;
  }
  for (const [name, pattern, version] of systems) {
    const match = userAgent.match(pattern);
    if (!match) continue;
    parsed.os = [name, version ? version(match) : match[1]].filter(Boolean).join(' ');
    break;
  }
  return parsed;
}
