import { useEffect, useState } from 'react';
import { fetchLatestRelease } from '../api/release.ts';
import { isNewerRelease } from '../rules/version.ts';

/** Checks the release info once; a failure is only a console warning. */
export function useHasNewVersion(version: string, releaseInfoUrl: string): boolean {
  const [hasNewVersion, setHasNewVersion] = useState(false);
  useEffect(() => {
    if (!releaseInfoUrl) return;
    let active = true;
    fetchLatestRelease(releaseInfoUrl).then(
      (latest) => active && setHasNewVersion(isNewerRelease(version, latest)),
      (error: unknown) => console.warn('Version check failed', error),
    );
    return () => {
      active = false;
    };
  }, [version, releaseInfoUrl]);
  return hasNewVersion;
}
