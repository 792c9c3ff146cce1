import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * A record's facts on its detail screen, bordered, two columns on a large screen: the untitled list at
 * the top, or a titled one (the attachment's amounts, the statement's figures) set apart from what is above.
 */
export function FactList({ items, title }: { items: DescriptionsProps['items']; title?: ReactNode }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, lg: 2 }}
      items={items}
      title={title}
      style={title === undefined ? undefined : { marginTop: 16 }}
    />
  );
}
