import type { TenantTag } from '#schemas/constants.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { lazyDialog } from '#src/ui/lazyDialog.tsx';

export type CreateTenantModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The usage purpose selected at the start; development when not given. */
  tag?: TenantTag;
  /** After the tenant is created, added to the session and opened. */
  onCreated?: (tenant: Tenant) => void;
};

/** The create-tenant modal (with plan selection), loaded when first opened: it is not on the first screen. */
export const CreateTenantModal = lazyDialog<CreateTenantModalProps>(() =>
  import('./CreateTenantFlow.tsx').then((module) => module.CreateTenantFlow),
);
