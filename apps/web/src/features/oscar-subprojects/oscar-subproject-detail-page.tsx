import type { OscarSubProjectRecord } from '@isf/contract';
import { Card, Descriptions, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailView } from '../../components/detail-page/use-detail-view';
import { fetchOscarSubproject, OSCAR_SUBPROJECT_FIELDS } from './oscar-subprojects.api';

/** The construction base quantities of a sub-project: its OSCAR columns as key / value, or a no-data text. */
export function ConstructionQuantities({ columns }: { columns: Record<string, string> }) {
  const { t } = useTranslation();
  const rows = Object.entries(columns)
    .map(([key, value]) => ({ key, value }))
    .sort((left, right) => left.key.localeCompare(right.key, 'fr'));
  if (rows.length === 0) {
    return <Empty description={t('oscar.noQuantities')} />;
  }
  return (
    <Table
      size="small"
      bordered
      rowKey="key"
      dataSource={rows}
      pagination={false}
      columns={[
        { key: 'key', dataIndex: 'key', title: t('oscar.quantity') },
        { key: 'value', dataIndex: 'value', title: t('oscar.value'), align: 'right' },
      ]}
    />
  );
}

function Information({ subproject }: { subproject: OscarSubProjectRecord | undefined }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'name', label: t('fields.name'), children: subproject?.name },
          { key: 'projectName', label: t('oscar.projectName'), children: subproject?.projectName },
          ...OSCAR_SUBPROJECT_FIELDS.map((field) => ({ key: field, label: t(`oscar.${field}`), children: subproject?.[field] })),
        ]}
      />
    </Card>
  );
}

/** The OSCAR sub-project detail (spec 3 /oscarsubproject/{id}): read-only, two tabs. */
export function OscarSubprojectDetailPage() {
  const { t } = useTranslation();
  const view = useDetailView({ queryKey: (id) => ['oscarsubproject', id], fetch: fetchOscarSubproject });
  const subproject = view.record;
  return (
    <DetailPage
      title={subproject ? t('oscar.detailTitle', { name: subproject.name }) : t('oscar.one')}
      entity="project"
      listRoute="/oscarsubprojects"
      {...view.page}
      tabs={[
        { key: 'information', label: t('detail.information'), children: <Information subproject={subproject} /> },
        {
          key: 'quantities',
          label: t('oscar.tab.quantities'),
          children: subproject ? <ConstructionQuantities columns={subproject.oscarColumns} /> : null,
        },
      ]}
    />
  );
}
