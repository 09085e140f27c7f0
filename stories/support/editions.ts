import type { Edition } from '#schemas/config.ts';

/** The edition the toolbar picked: cloud unless self-hosted. */
export const editionOf = (value: unknown): Edition => (value === 'self-hosted' ? 'self-hosted' : 'cloud');

/** The same story in the self-hosted edition (no plans, quotas or retention notices). */
export const selfHostedOf = <S extends { globals?: Record<string, unknown> }>(story: S): S => ({ ...story, globals: { ...story.globals, edition: 'self-hosted' } });
