import { useLingui } from '@lingui/react/macro';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { pageNames, tabNames, type PageName } from './names.ts';

const isTabName = (value: string | undefined): value is keyof typeof tabNames => value !== undefined && value in tabNames;

/** The placeholder of a page a later release builds, named after the page (and its tab). */
export function Placeholder({ page, tab }: { page: PageName; tab?: string }) {
  const { i18n } = useLingui();
  const name = i18n._(pageNames[page]);
  return <PlaceholderPage title={isTabName(tab) ? `${name} · ${i18n._(tabNames[tab])}` : name} />;
}
