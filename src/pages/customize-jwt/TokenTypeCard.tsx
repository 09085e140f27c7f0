import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JwtCustomizer, JwtTokenType } from '#schemas/jwt-customizer.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { Button } from '#src/ui/Button.tsx';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { tokenTypeNames, type JwtEditorAction } from './token-types.ts';

export type TokenTypeCardProps = {
  tokenType: JwtTokenType;
  /** The saved script, or null when there is none. */
  saved: JwtCustomizer | null;
  /** The plan includes custom JWT (cloud): otherwise the actions are disabled. */
  enabled: boolean;
  onDelete: () => void;
  deleting: boolean;
};

/** One token type on the index (customize-jwt.md §1): add claims, or edit and delete the saved script. */
export function TokenTypeCard({ tokenType, saved, enabled, onDelete, deleting }: TokenTypeCardProps) {
  const { t, i18n } = useLingui();
  const names = tokenTypeNames[tokenType];
  const title = i18n._(names.title);
  const headingId = `jwt-card-${tokenType}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="h4" id={headingId}>
            {title}
          </Title>
          {saved && (
            <Badge variant="light" color="green" tt="none">
              <Trans>Active</Trans>
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {i18n._(names.description)}
        </Text>
        {saved && (
          <Text fz="sm">
            {saved.blockIssuanceOnError ? <Trans>Tokens are refused when the script fails.</Trans> : <Trans>Tokens are issued without the claims when the script fails.</Trans>}
          </Text>
        )}
        <Group gap="sm" mt="auto">
          {saved ? (
            <>
              <EditorLink tokenType={tokenType} action="edit" enabled={enabled} label={t`Edit ${title}`} icon={<IconPencil size={16} aria-hidden="true" />} variant="default">
                <Trans>Edit</Trans>
              </EditorLink>
              <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} aria-label={t`Delete ${title}`} onClick={onDelete} loading={deleting}>
                <Trans>Delete</Trans>
              </Button>
            </>
          ) : (
            <EditorLink tokenType={tokenType} action="create" enabled={enabled} label={t`Add custom claims: ${title}`} icon={<IconPlus size={16} aria-hidden="true" />}>
              <Trans>Add custom claims</Trans>
            </EditorLink>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

type EditorLinkProps = { tokenType: JwtTokenType; action: JwtEditorAction; enabled: boolean; label: string; icon: ReactNode; variant?: 'default'; children: ReactNode };

/** The link to the editor; a disabled button while the plan lacks the feature. */
function EditorLink({ tokenType, action, enabled, label, icon, variant, children }: EditorLinkProps) {
  const { tenantId } = useTenantScope();
  if (!enabled) {
    return (
      <Button variant={variant} leftSection={icon} aria-label={label} disabled>
        {children}
      </Button>
    );
  }
  return (
    <LinkButton to="/$tenantId/customize-jwt/$tokenType/$action" params={{ tenantId, tokenType, action }} variant={variant} leftSection={icon} aria-label={label}>
      {children}
    </LinkButton>
  );
}
