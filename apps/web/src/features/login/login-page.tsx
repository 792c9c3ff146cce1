import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@isf/contract';
import { Button, theme } from 'antd';
// the two inputs themselves: `Input` of 'antd' carries TextArea, Search and OTP as its properties
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type ChangeEvent, type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearAuth, setAuth } from '../../lib/auth-store';
import { CLIENT_BUILD_LABEL } from '../../lib/build-label';
import { loadProfile } from '../../lib/session';
import { PASSWORD_SERVICE_URL, postLogin } from './login.api';
import { type LoginFailure, loginFailure } from './login-error';
import './login.css';

// shown after a failed attempt only: its code loads then, off the first screen
const Alert = lazy(() => import('antd/es/alert'));

type LoginField = 'username' | 'password';
type LoginValues = Record<LoginField, string>;

/** The i18n key of the field's error, or null: both are required, the username not blank. */
function fieldError(field: LoginField, values: LoginValues): string | null {
  if (field === 'username') {
    return values.username.trim() === '' ? 'login.usernameRequired' : null;
  }
  return values.password === '' ? 'login.passwordRequired' : null;
}

/**
 * The login screen (spec 1 §2 Login screen, §8 login errors). It is the first screen of the app and is
 * kept within the first-screen budget (docs/performance.md): a plain form with antd's inputs, button and
 * alert, without antd's Form (its validator, grid and tooltips), Card (tabs, menus) or Typography.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  // a field shows its error once the user has left it empty or tried to sign in
  const [checked, setChecked] = useState<Record<LoginField, boolean>>({ username: false, password: false });
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errorOf = (field: LoginField) => (checked[field] ? fieldError(field, values) : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked({ username: true, password: true });
    if (fieldError('username', values) || fieldError('password', values)) {
      return;
    }
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

  const field = (name: LoginField, label: string, control: (props: FieldProps) => ReactNode) => {
    const error = errorOf(name);
    const id = `login-${name}`;
    return (
      <div className="isf-login-field">
        <label htmlFor={id} className="isf-login-label">
          {label}
        </label>
        {control({
          id,
          value: values[name],
          status: error ? 'error' : undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onChange: (event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [name]: value }));
          },
          onBlur: () => setChecked((current) => ({ ...current, [name]: true })),
        })}
        <div id={`${id}-error`} className="isf-login-field-error" style={{ color: token.colorError }}>
          {error ? t(error) : null}
        </div>
      </div>
    );
  };

  return (
    <div className="isf-login" style={{ fontFamily: token.fontFamily, fontSize: token.fontSize, color: token.colorText }}>
      <main className="isf-login-card" style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
        <div className="isf-login-header">
          <div className="isf-login-logo">{PRODUCT_NAME}</div>
          <span style={{ color: token.colorTextSecondary }}>{t('app.subtitle')}</span>
        </div>
        <h1 className="isf-login-title" style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading4 }}>
          {t('login.title')}
        </h1>
        {failure && (
          <Suspense fallback={null}>
            <Alert
              type="error"
              showIcon
              className="isf-login-error"
              title={t(failure.messageKey)}
              description={t('login.status', { status: failure.status })}
            />
          </Suspense>
        )}
        <form noValidate onSubmit={(event) => void submit(event)}>
          {field('username', t('login.username'), (props) => (
            <Input {...props} prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" disabled={submitting} />
          ))}
          {field('password', t('login.password'), (props) => (
            <Password {...props} prefix={<LockOutlined />} autoComplete="current-password" size="large" disabled={submitting} />
          ))}
          <div className="isf-login-forgot">
            <a href={PASSWORD_SERVICE_URL} target="_blank" rel="noreferrer" style={{ color: token.colorLink }}>
              {t('login.forgotPassword')}
            </a>
          </div>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            {t('login.submit')}
          </Button>
        </form>
      </main>
      <span className="isf-login-version" style={{ color: token.colorTextSecondary }}>
        {PRODUCT_NAME} · {CLIENT_BUILD_LABEL}
      </span>
    </div>
  );
}

type FieldProps = {
  id: string;
  value: string;
  status: 'error' | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
};
