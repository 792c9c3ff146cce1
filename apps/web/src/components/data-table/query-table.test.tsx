import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryTable } from './query-table';

type Row = { id: number; name: string };
const columns = [{ key: 'name', dataIndex: 'name', title: 'Nom' }];

describe('QueryTable', () => {
  afterEach(cleanup);

  it('shows the rows read', () => {
    const { container } = render(
      <QueryTable<Row> columns={columns} rows={[{ id: 1, name: 'Agence de Pau' }]} fetching={false} failed={false} />,
    );
    expect(container.querySelector('tbody')?.textContent).toContain('Agence de Pau');
  });

  it('says the read failed where the rows would be, and nothing to show otherwise', () => {
    const failed = render(<QueryTable<Row> columns={columns} rows={undefined} fetching={false} failed />);
    expect(failed.container.querySelector('.ant-table-placeholder .ant-typography-danger')).not.toBeNull();
    expect(failed.container.querySelector('.ant-table-placeholder .ant-empty')).toBeNull();
    cleanup();
    const empty = render(<QueryTable<Row> columns={columns} rows={[]} fetching={false} failed={false} />);
    expect(empty.container.querySelector('.ant-table-placeholder .ant-empty')).not.toBeNull();
    expect(empty.container.querySelector('.ant-table-placeholder .ant-typography-danger')).toBeNull();
  });
});
