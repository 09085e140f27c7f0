import { Group, Radio } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { regions, type RegionName } from '#schemas/constants.ts';

/** Region names (spec 01 §9). */
export const regionNames = { EU: msg`Europe`, US: msg`West US`, AU: msg`Australia` } as const satisfies Record<RegionName, unknown>;

const isRegion = (value: string): value is RegionName => (regions as readonly string[]).includes(value);

export function RegionRadioGroup({
  value,
  onChange,
  disabled,
}: {
  value: RegionName;
  onChange: (region: RegionName) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <Radio.Group
      label={t`Region`}
      description={t`Where the tenant's data is kept. It cannot be changed later.`}
      value={value}
      onChange={(next) => isRegion(next) && onChange(next)}
    >
      <Group mt="xs">
        {regions.map((region) => (
          <Radio key={region} value={region} disabled={disabled} label={`${i18n._(regionNames[region])} (${region})`} />
        ))}
      </Group>
    </Radio.Group>
  );
}
