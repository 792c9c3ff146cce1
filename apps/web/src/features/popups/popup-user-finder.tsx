import { type EntityCode, PICKER_PAGE_SIZE, type PopupCriterion, type PopupUser, popupCriteriaQuery } from '@isf/contract';
import { Button, Form, Modal, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { type CriterionOption, CriterionSelect } from '../../components/pickers/criterion-select';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { addPopupUsers, fetchAllCandidates, POPUP_CANDIDATES_PATH } from './popups.api';

const CRITERIA: { name: PopupCriterion; listPath: string; entity: EntityCode }[] = [
  { name: 'roles', listPath: '/roles', entity: 'role' },
  { name: 'agencies', listPath: '/agencies', entity: 'agency' },
  { name: 'projects', listPath: '/projects', entity: 'project' },
];

type Choices = Record<PopupCriterion, CriterionOption[]>;

const NO_CHOICE: Choices = { roles: [], agencies: [], projects: [] };

/** The users matching the criteria, a page of PICKER_PAGE_SIZE rows, selectable. */
function CandidateTable({ query, onSelection }: { query: Record<string, string>; onSelection: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const controller = useListController<PopupUser>({
    listName: 'popup-candidates',
    path: POPUP_CANDIDATES_PATH,
    extraQuery: query,
    defaultSort: { column: 'name', direction: 'asc' },
    defaultPageSize: PICKER_PAGE_SIZE,
    pageSizeOptions: [],
  });
  const columns = useMemo<DataColumn<PopupUser>[]>(
    () => [
      { key: 'name', title: t('fields.name') },
      { key: 'uid', title: t('users.uid') },
      { key: 'mail', title: t('users.mail') },
      { key: 'roleName', title: t('users.role') },
    ],
    [t],
  );
  const { selectedKeys } = controller;
  useEffect(() => onSelection(selectedKeys.map(Number)), [selectedKeys, onSelection]);
  return <DataTable controller={controller} columns={columns} numbered={false} />;
}

/**
 * Adds users to a popup (spec 3 Popup editor): users filtered by roles, agencies and projects, added by
 * selection or all at once.
 */
export function PopupUserFinder({ popupId, onClose, onAdded }: { popupId: number; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [choices, setChoices] = useState<Choices>(NO_CHOICE);
  const [selection, setSelection] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const criteria = {
    roles: choices.roles.map((option) => option.value),
    agencies: choices.agencies.map((option) => option.value),
    projects: choices.projects.map((option) => option.value),
  };
  const query = popupCriteriaQuery(criteria);
  const queryKey = JSON.stringify(query);

  const add = async (ids: () => Promise<number[]>) => {
    setBusy(true);
    try {
      const userIds = await ids();
      if (userIds.length === 0) {
        return;
      }
      const reply = await addPopupUsers(popupId, userIds);
      if (reply.success) {
        getFeedback().success(t('popups.added', { count: reply.added }));
        onAdded();
      }
    } catch {
      // reported by the response handling
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('popups.addUsersTitle')}
      width={1000}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('detail.cancel')}</Button>
          <Button
            loading={busy}
            onClick={() => void add(async () => (await fetchAllCandidates(criteria)).map((user) => user.id))}
          >
            {t('popups.addAll')}
          </Button>
          <Button type="primary" loading={busy} disabled={selection.length === 0} onClick={() => void add(async () => selection)}>
            {t('popups.addSelection', { count: selection.length })}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 12 }}>
          {CRITERIA.filter((criterion) => can(criterion.entity, 'read')).map((criterion) => (
            <Form.Item
              key={criterion.name}
              label={t(`popups.criteria.${criterion.name}`)}
              htmlFor={`popup-criterion-${criterion.name}`}
            >
              <CriterionSelect
                id={`popup-criterion-${criterion.name}`}
                listPath={criterion.listPath}
                value={choices[criterion.name]}
                onChange={(value) => {
                  setSelection([]);
                  setChoices((previous) => ({ ...previous, [criterion.name]: value }));
                }}
              />
            </Form.Item>
          ))}
        </div>
      </Form>
      <Typography.Paragraph type="secondary">{t('popups.criteriaHelp')}</Typography.Paragraph>
      {/* a new table for new criteria: the selection and the page start again */}
      <CandidateTable key={queryKey} query={query} onSelection={setSelection} />
    </Modal>
  );
}
