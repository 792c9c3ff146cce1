import { Badge, Space, Typography } from 'antd';
import type { Key } from 'react';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import type { ListController } from '../../components/data-table/use-list-controller';

type ToValidateSectionProps<Row extends { id: Key }> = {
  title: string;
  controller: ListController<Row>;
  columns: DataColumn<Row>[];
  /** Left out while the list holds nothing (and no filter narrows it): My tasks shows only what waits. */
  hideWhenEmpty?: boolean;
};

function isFiltered(controller: ListController<unknown>): boolean {
  return (
    Object.keys(controller.state.filters).length > 0 ||
    Object.values(controller.filterInputs).some((value) => value.trim() !== '')
  );
}

/**
 * A titled "to validate" table of the home: the generic DataTable, without selection, numbers or CSV, as
 * wide as its card (its cells wrap rather than run past the card's edge).
 */
export function ToValidateSection<Row extends { id: Key }>(props: ToValidateSectionProps<Row>) {
  const { title, controller, columns, hideWhenEmpty = false } = props;
  if (hideWhenEmpty && !controller.isLoading && controller.totalElements === 0 && !isFiltered(controller)) {
    return null;
  }
  return (
    <section className="isf-home-to-validate" aria-label={title}>
      <Space align="center" size={8}>
        <Typography.Title level={5} className="isf-home-section-title">
          {title}
        </Typography.Title>
        <Badge count={controller.totalElements} showZero color={controller.totalElements > 0 ? 'blue' : 'default'} />
      </Space>
      <DataTable<Row> controller={controller} columns={columns} selectable={false} numbered={false} fitWidth />
    </section>
  );
}
