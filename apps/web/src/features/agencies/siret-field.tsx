import { SearchOutlined } from '@ant-design/icons';
import { isValidSiret } from '@isf/contract';
import { Alert, Button, Form, Input, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupSettledFor, normaliseSiret, type SiretLookup, type SiretLookupController } from './use-siret-lookup';

type SiretInputProps = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onTyped: (siret: string) => void;
  onSearch: (siret: string) => void;
  searching: boolean;
  disabled?: boolean;
};

/** The number and its lookup button; Enter looks the number up instead of submitting the form. */
function SiretInput({ id, value, onChange, onTyped, onSearch, searching, disabled }: SiretInputProps) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
      <Input
        id={id}
        value={value ?? ''}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('agencies.siretPlaceholder')}
        onChange={(event) => {
          const siret = normaliseSiret(event.target.value);
          onChange?.(siret);
          onTyped(siret);
        }}
        onPressEnter={(event) => {
          event.preventDefault();
          onSearch(value ?? '');
        }}
      />
      <Button icon={<SearchOutlined />} disabled={disabled} loading={searching} onClick={() => onSearch(value ?? '')}>
        {t('agencies.lookup')}
      </Button>
    </Space.Compact>
  );
}

/**
 * What the registry said, shown under the number (for the saved number, only while it may be changed);
 * null when there is nothing to say, so the field keeps no empty line.
 */
function registryNotice(lookup: SiretLookup, editable: boolean, t: TFunction): ReactNode {
  switch (lookup.status) {
    case 'found':
      return (
        <Space size={4} wrap style={{ marginTop: 4 }}>
          <Tag color="green">{t('agencies.registryKnown')}</Tag>
          {lookup.active ? null : <Tag color="orange">{t('agencies.registryClosed')}</Tag>}
        </Space>
      );
    case 'stored':
      return lookup.inThirdParty && editable ? (
        <Tag color="green" style={{ marginTop: 4 }}>
          {t('agencies.registryKnown')}
        </Tag>
      ) : null;
    case 'unknown':
      return <Typography.Text type="secondary">{t('agencies.registryUnknown')}</Typography.Text>;
    case 'failed':
      return (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 4 }}
          title={lookup.message ?? t('agencies.registryInvalidResponse')}
          description={t('agencies.registryFailed')}
        />
      );
    default:
      return null;
  }
}

/**
 * The SIRET of an agency form with its registry lookup (spec 3 §5). The lookup runs only while the
 * field is enabled (creation, or the detail in edit mode); saving needs a number the registry was asked
 * about.
 */
export function SiretField({ lookup, disabled }: { lookup: SiretLookupController; disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const state = lookup.lookup;
  let help: ReactNode;
  if (state.status === 'invalid') {
    help = state.message ?? t('agencies.siretInvalid');
  }
  return (
    <Form.Item
      name="siret"
      label={t('agencies.siret')}
      required
      validateTrigger={[]}
      validateStatus={help ? 'error' : state.status === 'searching' ? 'validating' : undefined}
      help={help}
      extra={registryNotice(state, !disabled, t)}
      rules={[
        {
          validator: async (_rule, value: unknown) => {
            const siret = typeof value === 'string' ? value : '';
            if (siret === '') {
              throw new Error(t('validation.required'));
            }
            if (!isValidSiret(siret)) {
              throw new Error(t('agencies.siretInvalid'));
            }
            if (!lookupSettledFor(lookup.lookup, siret)) {
              throw new Error(t('agencies.lookupRequired'));
            }
          },
        },
      ]}
    >
      <SiretInput
        disabled={disabled}
        searching={state.status === 'searching'}
        onSearch={(siret) => void lookup.search(siret)}
        onTyped={(siret) => {
          // The errors of the last save attempt no longer apply to the new number.
          form.setFields([{ name: 'siret', errors: [] }]);
          lookup.typed(siret);
        }}
      />
    </Form.Item>
  );
}
