/** Dot-separated numbers of a release tag such as 'v1.25.0'; only strings starting with 'v' are accepted. */
export function parseRelease(value: unknown): number[] | undefined {
  if (typeof value !== 'string' || !value.startsWith('v')) return undefined;
  const parts = value.slice(1).split('.').map(Number);
  return parts.length > 0 && parts.every((part) => Number.isInteger(part) && part >= 0) ? parts : undefined;
}

/** Whether `latest` (a remote release tag) is newer than `current` (e.g. '1.24.0' or 'v1.24.0'). */
export function isNewerRelease(current: string, latest: unknown): boolean {
  const remote = parseRelease(latest);
  const local = parseRelease(current.startsWith('v') ? current : `v${current}`);
  if (!remote || !local) return false;
  for (let index = 0; index < Math.max(remote.length, local.length); index++) {
    const difference = (remote[index] ?? 0) - (local[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
