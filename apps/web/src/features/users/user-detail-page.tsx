import { userUpdateSchema } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { useAuth } from '../../lib/auth-store';
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
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const screen = useDetailScreen({
    queryKey: userQueryKey,
    fetch: fetchUser,
    toFormValues: formValuesOf,
    listPaths: [USER_LIST_PATH],
    schema: userUpdateSchema,
    payloadOf: (values) => userPayloadOf(values as UserFormValues),
    update: updateUser,
  });
  const { id, reload } = screen;
  const user = screen.record;

  const changed = async () => {
    void queryClient.invalidateQueries({ queryKey: listQueryKey(USER_LIST_PATH) });
    await reload();
  };

  const information = (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {user ? <UserLoginWarnings warnings={user.warnings} /> : null}
      <DetailForm form={screen.form} fullWidth>
        <UserFormFields mode="detail" />
      </DetailForm>
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
      {...screen.page}
      notFound={screen.detail.failed}
      notFoundText={t('user.unknown')}
      tabs={tabs}
      onSave={user?.editable ? screen.page.onSave : undefined}
      extra={user ? <UserActions user={user} onChanged={changed} /> : null}
    />
  );
}
