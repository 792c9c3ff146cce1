import { PRODUCT_NAME } from '@isf/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Layout } from 'antd';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { IncidentDialog } from '../../features/help';
import '../../lib/i18n/screens';
import { queryClient } from '../../lib/query-client';
import { AccessGuard } from '../access-guard';
import { FeedbackBridge } from '../feedback-bridge';
import { ProfileCheck } from '../profile-check';
import { installWorkflowPreChecks } from '../workflow-pre-checks';
import { AppFooter } from './app-footer';
import { HelpMenu } from './help-menu';
import { NotificationBell } from './notification-bell';
import { PopupAnnouncements } from './popup-announcements';
import { RoleBadge } from './role-badge';
import { ScreensLocale } from './screens-locale';
import { TopMenu } from './top-menu';
import { UserMenu } from './user-menu';
import './shell.css';

installWorkflowPreChecks();

/**
 * The frame of every authenticated screen (spec 1 §2 Application shell), with what the screens share and
 * the login page does without: antd's locale, the query cache and antd's App (themed dialogs and toasts).
 */
export function ShellLayout() {
  return (
    <ScreensLocale>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <FeedbackBridge />
          <ShellFrame />
        </AntApp>
      </QueryClientProvider>
    </ScreensLocale>
  );
}

function ShellFrame() {
  const [incidentOpen, setIncidentOpen] = useState(false);
  return (
    <Layout className="isf-shell">
      <Layout.Header className="isf-header">
        <Link to="/" className="isf-brand">
          {PRODUCT_NAME}
        </Link>
        <TopMenu />
        <div className="isf-header-actions">
          <HelpMenu onReportIncident={() => setIncidentOpen(true)} />
          <NotificationBell />
          <RoleBadge />
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout.Content className="isf-content">
        <AccessGuard>
          <Outlet />
        </AccessGuard>
      </Layout.Content>
      <AppFooter />
      <ProfileCheck />
      <PopupAnnouncements />
      <IncidentDialog open={incidentOpen} onClose={() => setIncidentOpen(false)} />
    </Layout>
  );
}
