import type { MessageDescriptor } from '@lingui/core';
import type { LinkProps } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LinkButton, tabLinkProps } from '../LinkButton.tsx';
import { TabLinks } from '../TabLinks.tsx';

/** A tab of a page: a route of its own. `visible` hides it for subjects it does not fit (an access, an entity's type). */
export type PageTab<Subject = void> = {
  segment: string;
  title: MessageDescriptor;
  to: NonNullable<LinkProps['to']>;
  visible?: (subject: Subject) => boolean;
};

export type TabNavProps<Subject> = {
  /** The navigation's accessible name. */
  label: string;
  tabs: readonly PageTab<Subject>[];
  subject: Subject;
  params: Record<string, string>;
};

/** A page's tabs that fit its subject, as a row of tab links (TabLinks). */
export function TabNav<Subject>({ label, tabs, subject, params }: TabNavProps<Subject>) {
  const { i18n } = useLingui();
  return (
    <TabLinks label={label}>
      {tabs
        .filter(({ visible }) => !visible || visible(subject))
        .map(({ segment, title, to }) => (
          <LinkButton key={segment} to={to} params={params as never} {...tabLinkProps}>
            {i18n._(title)}
          </LinkButton>
        ))}
    </TabLinks>
  );
}
