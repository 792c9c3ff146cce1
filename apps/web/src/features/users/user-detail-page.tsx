import { userUpdateSchema } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { fieldErrorsOf, parseInFrench, showFieldErrors } from '../../components/form/schema-rules';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { UserActions } from './user-actions';
import { UserFormFields, type UserFormValues, userPayloadOf } from './user-form-fields';
import { UserAgenciesList, UserProjectsList } from './user-linked-lists';
import { UserLoginWarnings } from './user-login-warnings';
import { UserProfilesSection } from './user-profiles-section';
import { fetchUser, USER_LIST_PATH, type UserRecord, updateUser, userQueryKey } from './users.api';

function formValuesOf(user: UserRecord): UserFormValues {
  return {
    name: user.name,
    mail: user.mail ?? '',
    phone: user.phone ?? '',
    role: user.role.id,
    manager: user.manager ? { id: user.manager.id, label: user.manager.name } : null,
    engagement: user.engagement,
    service: user.service ?? '',
    quality: user.quality ?? '',
    userManualUrl: user.userManualUrl ?? '',
  };
}

/**
 * The user detail (spec 3 User detail): information (editable only when the server says so), the
 * cannot-log-in warnings, profiles, agencies and projects, and the deactivate and perimeter actions.
 */
export function UserDetailPage() {
  const { t } = useTranslation();
  const userId = useRouteId();
  const id = userId ?? 0;
  const { can } = useAuth();
  const editing = useEditMode();
  const queryClient = useQueryClient();
  const detail = useDetailForm({
    queryKey: userQueryKey(id),
    fetch: () => fetchUser(id),
    enabled: userId !== null,
    toFormValues: formValuesOf,
  });
  const { form, reload } = detail;
  const user = detail.record;

  const changed = async () => {
    void queryClient.invalidateQueries({ queryKey: listQueryKey(USER_LIST_PATH) });
    await reload();
  };

  const save = async () => {
    const parsed = parseInFrench(userUpdateSchema, { ...userPayloadOf(form.getFieldsValue(true)), version: user?.version });
    if (!parsed.success) {
      showFieldErrors(form, fieldErrorsOf(parsed.error.issues, t));
      return false;
    }
    const reply = await updateUser(id, parsed.data);
    if (!reply.success) {
      return false;
    }
    void queryClient.invalidateQueries({ queryKey: listQueryKey(USER_LIST_PATH) });
    if (reply.record) {
      detail.replace(reply.record);
    } else {
      await reload();
    }
    return true;
  };

  const information = (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {user ? <UserLoginWarnings warnings={user.warnings} /> : null}
      <Card>
        <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 14 }} disabled={!editing}>
          <UserFormFields mode="detail" />
        </Form>
      </Card>
      {user ? <UserProfilesSection user={user} onChanged={changed} /> : null}
    </Space>
  );

  const tabs = [
    { key: 'information', label: t('detail.information'), children: information },
    ...(can('user_agency', 'read')
      ? [{ key: 'agencies', label: t('users.tab.agencies'), children: <UserAgenciesList userId={id} /> }]
      : []),
    ...(can('user_project', 'read')
      ? [{ key: 'projects', label: t('users.tab.projects'), children: <UserProjectsList userId={id} /> }]
      : []),
  ];

  return (
    <DetailPage
      title={user ? t('users.detailTitle', { name: user.name, uid: user.uid }) : t('users.one')}
      entity="user"
      listRoute="/users"
      loading={detail.loading}
      notFound={detail.failed}
      notFoundText={t('user.unknown')}
      form={form}
      tabs={tabs}
      onSave={user?.editable ? save : undefined}
      onReload={reload}
      extra={user ? <UserActions user={user} onChanged={changed} /> : null}
    />
  );
}
