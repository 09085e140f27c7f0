import { Anchor, Badge, Indicator, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { externalLinks } from './links.ts';

/** Self-hosted: the product version, linking to the release notes; a dot when a newer release exists. */
export function VersionBadge({ version, hasNewVersion }: { version: string; hasNewVersion: boolean }) {
  const { t } = useLingui();
  const label = hasNewVersion ? t`Version ${version}, a newer version is available` : t`Version ${version}`;
  return (
    <Anchor href={externalLinks.releases} target="_blank" rel="noopener noreferrer" underline="never">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Indicator disabled={!hasNewVersion} color="red" size={8} offset={2} processing={false} aria-hidden="true">
        <Badge variant="light" radius="sm" tt="none">
          v{version}
        </Badge>
      </Indicator>
    </Anchor>
  );
}
