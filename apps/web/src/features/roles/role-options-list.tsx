import { Checkbox, Space, Typography } from 'antd';
import { useMemo } from 'react';

type RoleOptionsListProps = {
  /** Every role option, written `group.option`. */
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
  disabled: boolean;
};

/** Groups `group.option` codes by their group, keeping the catalogue's order. */
export function groupOptions(options: readonly string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const option of options) {
    const group = option.includes('.') ? option.slice(0, option.indexOf('.')) : '';
    groups.set(group, [...(groups.get(group) ?? []), option]);
  }
  return [...groups.entries()];
}

/** The Options tab of a role: a checkbox per option, grouped by the group prefix of its code. */
export function RoleOptionsList({ options, value, onChange, disabled }: RoleOptionsListProps) {
  const groups = useMemo(() => groupOptions(options), [options]);
  const chosen = new Set(value);

  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value.filter((code) => code !== option), option] : value.filter((code) => code !== option));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {groups.map(([group, codes]) => (
        <section key={group} aria-label={group}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {group}
          </Typography.Title>
          <Space orientation="vertical" size={4}>
            {codes.map((code) => (
              <Checkbox
                key={code}
                checked={chosen.has(code)}
                disabled={disabled}
                onChange={(event) => toggle(code, event.target.checked)}
              >
                {code.slice(group.length + 1)}
              </Checkbox>
            ))}
          </Space>
        </section>
      ))}
    </Space>
  );
}
