import { RightOutlined, UserOutlined } from '@ant-design/icons';
import type { UserProfile } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { buildMenuTree, flattenMenuLinks } from '../../lib/menu-tree';
import { fetchMyActions, MY_ACTIONS_QUERY_KEY } from '../workflow';
import { DASHBOARD_QUERY_KEY, fetchDashboardNodes } from './dashboard.api';
import { MyTasksCard } from './my-tasks-card';
import { ProcessTable } from './process-table';
import { RunningOrdersCard } from './running-orders-card';
import { SubcontractorDashboard } from './subcontractor-dashboard';
import './home.css';

type QuickLink = { title: string; path: string; folder?: string };

function groupByFolder(links: QuickLink[]): { folder: string | undefined; links: QuickLink[] }[] {
  const groups = new Map<string | undefined, QuickLink[]>();
  for (const link of links) {
    groups.set(link.folder, [...(groups.get(link.folder) ?? []), link]);
  }
  return [...groups.entries()].map(([folder, entries]) => ({ folder, links: entries }));
}

/**
 * The home dashboard (spec 1 §2): who is signed in, my tasks (with the "has my actions" flag), the workflow
 * process table, the ongoing orders, and the screens the role opens; with the role option
 * serviceorders.display_sst_validation_in_dashboard, the subcontractor's view instead of the staff's.
 */
export type HomePageProps = {
  /** Whether the profile may open a path: the composition root knows every screen's right. */
  canOpenPath: (profile: UserProfile | null, path: string) => boolean;
};

export function HomePage({ canOpenPath }: HomePageProps) {
  const { t } = useTranslation();
  const { profile, hasOption } = useAuth();
  const myActions = useQuery({
    queryKey: MY_ACTIONS_QUERY_KEY,
    queryFn: fetchMyActions,
    staleTime: 0,
    enabled: Boolean(profile),
  });
  const nodes = useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, 'nodes'],
    queryFn: fetchDashboardNodes,
    staleTime: 0,
    enabled: Boolean(profile),
  });
  const groups = useMemo(
    () =>
      groupByFolder(
        flattenMenuLinks(buildMenuTree(profile?.role.menus ?? [])).filter(
          (link) => link.path !== '/' && canOpenPath(profile, link.path),
        ),
      ),
    [profile, canOpenPath],
  );
  if (!profile) {
    return null;
  }
  return (
    <div className="isf-home">
      <Typography.Title level={2}>{t('home.title')}</Typography.Title>
      <Card className="isf-home-welcome" variant="borderless">
        <Space size="large" align="center">
          <Avatar size={56} icon={<UserOutlined />} className="isf-home-avatar" />
          <div>
            <Typography.Title level={4} className="isf-home-name">
              {t('home.welcome', { name: profile.name })}
            </Typography.Title>
            <Space size="small" wrap>
              <Tag color="blue">{t('home.role', { role: profile.role.name })}</Tag>
              {profile.mail && <Typography.Text type="secondary">{profile.mail}</Typography.Text>}
            </Space>
          </div>
        </Space>
      </Card>
      <div className="isf-home-dashboard">
        {hasOption('serviceorders.display_sst_validation_in_dashboard') ? (
          <SubcontractorDashboard nodes={nodes.data ?? []} hasMyActions={myActions.data?.hasMyActions ?? false} />
        ) : (
          <>
            {myActions.data?.hasMyActions ? <MyTasksCard nodes={nodes.data ?? []} /> : null}
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <ProcessTable nodes={nodes.data ?? []} loading={nodes.isPending} />
              </Col>
              <Col xs={24} xl={12}>
                <RunningOrdersCard />
              </Col>
            </Row>
          </>
        )}
      </div>
      <Typography.Title level={4}>{t('home.quickLinks')}</Typography.Title>
      {groups.length === 0 && <Empty description={t('home.noLinks')} />}
      {groups.map((group) => (
        <section key={group.folder ?? ''} className="isf-home-group">
          {group.folder && (
            <Typography.Text type="secondary" strong className="isf-home-folder">
              {group.folder}
            </Typography.Text>
          )}
          <Row gutter={[16, 16]}>
            {group.links.map((link) => (
              <Col key={link.path} xs={24} sm={12} md={8} xl={6}>
                <Link to={link.path}>
                  <Card hoverable size="small" className="isf-home-link">
                    <span>{link.title}</span>
                    <RightOutlined />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}
