export { Tooltip } from '@mantine/core';
export { UserMenu } from '../UserMenu.tsx';
export { TenantSwitcher } from '../tenant-switcher/TenantSwitcher.tsx';
