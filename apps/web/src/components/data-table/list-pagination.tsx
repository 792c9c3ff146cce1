import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampPage, paginationWindow } from './pagination-window';

export type ListPaginationProps = {
  page: number;
  lastPage: number;
  size: number;
  totalElements: number;
  pageSizeOptions: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

/** The pager of spec 1 §2: first, previous, current, next and last pages with ellipses, and a clamped page input. */
export function ListPagination(props: ListPaginationProps) {
  const { page, lastPage, size, totalElements, pageSizeOptions, onPage, onPageSize } = props;
  const { t } = useTranslation();
  const [typed, setTyped] = useState<number | null>(page);

  useEffect(() => setTyped(page), [page]);

  const goTo = (value: number | null) => {
    const target = clampPage(value, lastPage);
    setTyped(target);
    if (target !== page) {
      onPage(target);
    }
  };

  return (
    <nav className="isf-pagination" aria-label={t('table.pagination')}>
      <Typography.Text type="secondary">{t('table.totalElements', { count: totalElements })}</Typography.Text>
      <Space size={4} wrap>
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('table.previousPage')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        {paginationWindow(page, lastPage).map((item) =>
          item.kind === 'ellipsis' ? (
            <span key={`ellipsis-${item.side}`} className="isf-pagination-ellipsis" aria-hidden>
              …
            </span>
          ) : (
            <Button
              key={item.page}
              size="small"
              type={item.page === page ? 'primary' : 'default'}
              aria-current={item.page === page ? 'page' : undefined}
              onClick={() => onPage(item.page)}
            >
              {item.page}
            </Button>
          ),
        )}
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label={t('table.nextPage')}
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
        />
      </Space>
      <Space size={8} wrap>
        <Typography.Text>{t('table.goToPage')}</Typography.Text>
        <InputNumber
          size="small"
          aria-label={t('table.goToPage')}
          value={typed}
          precision={0}
          controls={false}
          style={{ width: 64 }}
          onChange={(value) => setTyped(typeof value === 'number' ? value : null)}
          onPressEnter={() => goTo(typed)}
          onBlur={() => goTo(typed)}
        />
        <Typography.Text type="secondary">{t('table.ofPages', { count: lastPage })}</Typography.Text>
        {pageSizeOptions.length > 0 ? (
          <Select
            size="small"
            aria-label={t('table.pageSize')}
            value={size}
            style={{ width: 120 }}
            options={pageSizeOptions.map((option) => ({ value: option, label: t('table.perPage', { count: option }) }))}
            onChange={onPageSize}
          />
        ) : null}
      </Space>
    </nav>
  );
}
