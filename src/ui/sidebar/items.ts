import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import {
  IconApi, IconApps, IconBuilding, IconBuildingCommunity, IconChartBar, IconCode, IconFileText, IconFingerprint, IconKey,
  IconLink, IconLogin, IconPlugConnected, IconRocket, IconSettings, IconUserShield, IconUsers, IconWebhook,
  type IconProps,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import type { Edition } from '#schemas/config.ts';
import { hasFeature, type Feature } from '#src/edition.ts';
import { pageNames } from '../page-names.ts';

/** A page of the current tenant. */
export type TenantPath = Extract<LinkProps['to'], `/$tenantId/${string}`>;

export type SidebarItem = {
  /** The item's key from the spec (get_started, applications, ...). */
  key: string;
  title: MessageDescriptor;
  icon: ComponentType<IconProps>;
  to: TenantPath;
  /** Present only when the edition has this feature. */
  feature?: Feature;
};

export type SidebarSection = { key: string; title: MessageDescriptor; items: SidebarItem[] };

/** Sections and items of spec 01 §2; each item links to a path made from its title. */
export const sidebarSections: SidebarSection[] = [
  {
    key: 'overview',
    title: msg`Overview`,
    items: [
      { key: 'get_started', title: pageNames.getStarted, icon: IconRocket, to: '/$tenantId/get-started', feature: 'getStarted' },
      { key: 'dashboard', title: pageNames.dashboard, icon: IconChartBar, to: '/$tenantId/dashboard', feature: 'dashboard' },
    ],
  },
  {
    key: 'authentication',
    title: msg`Authentication`,
    items: [
      { key: 'applications', title: pageNames.applications, icon: IconApps, to: '/$tenantId/applications' },
      { key: 'sign_in_experience', title: pageNames.signInExperience, icon: IconLogin, to: '/$tenantId/sign-in-experience' },
      { key: 'mfa', title: pageNames.mfa, icon: IconFingerprint, to: '/$tenantId/mfa' },
      { key: 'connectors', title: pageNames.connectors, icon: IconPlugConnected, to: '/$tenantId/connectors' },
      { key: 'enterprise_sso', title: pageNames.enterpriseSso, icon: IconLink, to: '/$tenantId/enterprise-sso' },
    ],
  },
  {
    key: 'authorization',
    title: msg`Authorization`,
    items: [
      { key: 'api_resources', title: pageNames.apiResources, icon: IconApi, to: '/$tenantId/api-resources' },
      { key: 'roles', title: pageNames.roles, icon: IconUserShield, to: '/$tenantId/roles' },
      { key: 'organization_template', title: pageNames.organizationTemplate, icon: IconBuildingCommunity, to: '/$tenantId/organization-template' },
    ],
  },
  {
    key: 'users',
    title: msg`Users`,
    items: [
      { key: 'organizations', title: pageNames.organizations, icon: IconBuilding, to: '/$tenantId/organizations' },
      { key: 'users', title: pageNames.users, icon: IconUsers, to: '/$tenantId/users' },
    ],
  },
  {
    key: 'developer',
    title: msg`Developer`,
    items: [
      { key: 'signing_keys', title: pageNames.signingKeys, icon: IconKey, to: '/$tenantId/signing-keys' },
      { key: 'customize_jwt', title: pageNames.customizeJwt, icon: IconCode, to: '/$tenantId/customize-jwt' },
      { key: 'webhooks', title: pageNames.webhooks, icon: IconWebhook, to: '/$tenantId/webhooks' },
      { key: 'audit_logs', title: pageNames.auditLogs, icon: IconFileText, to: '/$tenantId/audit-logs' },
    ],
  },
  {
    key: 'tenant',
    title: msg`Tenant`,
    items: [{ key: 'tenant_settings', title: pageNames.tenantSettings, icon: IconSettings, to: '/$tenantId/tenant-settings', feature: 'tenantSettings' }],
  },
];

/** The sections and items this edition shows; empty sections are left out. */
export function visibleSidebarSections(edition: Edition): SidebarSection[] {
  return sidebarSections
    .map((section) => ({ ...section, items: section.items.filter(({ feature }) => !feature || hasFeature(edition, feature)) }))
    .filter(({ items }) => items.length > 0);
}

export const firstVisibleSidebarItem = (edition: Edition): SidebarItem | undefined => visibleSidebarSections(edition)[0]?.items[0];
