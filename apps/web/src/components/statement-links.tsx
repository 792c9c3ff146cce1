import { Space } from 'antd';
import { formatIsoDate } from '../lib/i18n';
import { EntityLink } from './entity-link';

export type StatementRef = { id: number; date: string };

/** Links to monthly statements, each named by its date ("—" when there is none). */
export function StatementLinks({ statements }: { statements: readonly StatementRef[] }) {
  if (statements.length === 0) {
    return <>—</>;
  }
  return (
    <Space size={8} wrap>
      {statements.map((statement) => (
        <EntityLink key={statement.id} entity="monthly_statement" to={`/sst/situation/${statement.id}`}>
          {formatIsoDate(statement.date)}
        </EntityLink>
      ))}
    </Space>
  );
}
