import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@isf/contract';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearAuth, setAuth } from '../../lib/auth-store';
import { CLIENT_BUILD_LABEL } from '../../lib/build-label';
import { loadProfile } from '../../lib/session';
import { PASSWORD_SERVICE_URL, postLogin } from './login.api';
import { type LoginFailure, loginFailure } from './login-error';
import './login.css';

type LoginForm = { username: string; password: string };

/** The login screen (spec 1 §2 Login screen, §8 login errors). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    setFailure(null);
    let stage: 'login' | 'profile' = 'login';
    try {
      const { token } = await postLogin({ username: values.username.trim(), password: values.password });
      stage = 'profile';
      setAuth({ token, profile: null });
      await loadProfile({ silent: true });
      await navigate('/', { replace: true });
    } catch (error) {
      clearAuth();
      setFailure(loginFailure(error, stage));
      setSubmitting(false);
    }
  };

  return (
    <div className="isf-login">
      <Card className="isf-login-card" variant="borderless">
        <div className="isf-login-header">
          <div className="isf-login-logo">{PRODUCT_NAME}</div>
          <Typography.Text type="secondary">{t('app.subtitle')}</Typography.Text>
        </div>
        <Typography.Title level={4} className="isf-login-title">
          {t('login.title')}
        </Typography.Title>
        {failure && (
          <Alert
            type="error"
            showIcon
            className="isf-login-error"
            title={t(failure.messageKey)}
            description={t('login.status', { status: failure.status })}
          />
        )}
        <Form<LoginForm> layout="vertical" requiredMark={false} onFinish={submit} disabled={submitting}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <div className="isf-login-forgot">
            <a href={PASSWORD_SERVICE_URL} target="_blank" rel="noreferrer">
              {t('login.forgotPassword')}
            </a>
          </div>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
      <Typography.Text type="secondary" className="isf-login-version">
        {PRODUCT_NAME} · {CLIENT_BUILD_LABEL}
      </Typography.Text>
    </div>
  );
}
