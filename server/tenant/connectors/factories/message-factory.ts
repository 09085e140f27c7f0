import type { ConnectorFactoryInfo, FormItem } from '#schemas/connector.ts';
import { factoryTexts } from '../catalogue/index.ts';
import type { MessageFactoryId } from '../catalogue/texts.ts';
import { readme } from './logos.ts';

/** The facts of a built-in e-mail or SMS factory: its names and guide from the catalogue, its form. */
export const messageFactoryInfo = <Type extends 'Email' | 'Sms'>(id: MessageFactoryId, type: Type, logo: string, formItems: FormItem[]) =>
  ({
    id,
    type,
    target: id,
    platform: null,
    isStandard: false,
    isDemo: false,
    name: factoryTexts(id, 'name'),
    description: factoryTexts(id, 'description'),
    logo,
    logoDark: null,
    readme: readme(id),
    formItems,
  }) satisfies ConnectorFactoryInfo & { type: Type };

export const ok = { ok: true, value: undefined } as const;
