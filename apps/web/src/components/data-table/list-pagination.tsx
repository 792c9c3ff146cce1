import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/i18n';
import { clampPage, paginationWindow } from './pagination-window';
import type { ListController } from './use-list-controller';

export type ListPaginationProps = {
  page: number;
  lastPage: number;
  size: number;
  totalElements: number;
  /** The count stopped at `totalElements` (more rows match): no last page, "plus de 10 000". */
  totalCapped?: boolean;
  pageSizeOptions: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

/** How many rows a list holds: "1 234 éléments", or "plus de 10 000 éléments" when the count was capped. */
export function useTotalText(): (totalElements: number, totalCapped?: boolean) => string {
  const { t } = useTranslation();
  return (totalElements, totalCapped) =>
    totalCapped
      ? t('table.moreThanTotal', { total: formatCount(totalElements) })
      : t('table.totalElements', { count: totalElements, total: formatCount(totalElements) });
}

/**
 * The pager of spec 1 §2: first, previous, current, next and last pages with ellipses, and a clamped page
 * input. When the count was capped the last page is unknown: no last page button, "sur plus de 200", and
 * a typed page is not clamped from above (a page past the end answers the exact count and the list goes
 * back to the last page).
 */
export function ListPagination(props: ListPaginationProps) {
  const { page, lastPage, size, totalElements, totalCapped = false, pageSizeOptions, onPage, onPageSize } = props;
  const { t } = useTranslation();
  const totalText = useTotalText();
  const [typed, setTyped] = useState<number | null>(page);

  useEffect(() => setTyped(page), [page]);

  const goTo = (value: number | null) => {
    const target = clampPage(value, totalCapped ? Number.MAX_SAFE_INTEGER : lastPage);
    setTyped(target);
    if (target !== page) {
      onPage(target);
    }
  };

  return (
    <nav className="isf-pagination" aria-label={t('table.pagination')}>
      <Typography.Text type="secondary">{totalText(totalElements, totalCapped)}</Typography.Text>
      <Space size={4} wrap>
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('table.previousPage')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        {paginationWindow(page, lastPage, totalCapped).map((item) =>
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
        <Typography.Text type="secondary">
          {totalCapped
            ? t('table.ofMorePages', { pages: formatCount(Math.floor(totalElements / size)) })
            : t('table.ofPages', { count: lastPage })}
        </Typography.Text>
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

/** The pager of a list controller: its page, size and count, moving its page and page size. */
export function ControllerPagination<Row>({ controller }: { controller: ListController<Row> }) {
  return (
    <ListPagination
      page={controller.state.page}
      lastPage={controller.lastPage}
      size={controller.state.size}
      totalElements={controller.totalElements}
      totalCapped={controller.totalCapped}
      pageSizeOptions={controller.pageSizeOptions}
      onPage={controller.setPage}
      onPageSize={controller.setPageSize}
    />
  );
}
