import { UploadOutlined } from '@ant-design/icons';
import type { ImportReply } from '@isf/contract';
import { Alert, Button, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';

/** A CSV file by its name (spec 3 §9: CSV only for imports). */
export function isCsvFile(file: { name: string }): boolean {
  return file.name.toLowerCase().endsWith('.csv');
}

/** The line errors of a refused import, or null when the error is not a refusal. */
function lineErrorsOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return null;
  }
  const errors = error.body?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map(String);
  }
  return [error.body?.detail ?? error.message];
}

export type CsvImportOptions = {
  /** Sends the file as a silent call: a refusal comes back as an ApiError (400) carrying the line errors. */
  send: (file: File) => Promise<ImportReply>;
  onImported: () => void;
};

/**
 * A CSV import (spec 3 §9: CSV only): other files are refused before sending; the server imports all
 * or nothing; success says 'Import effectué avec succès'. Gives the button and the report of a refused
 * file (its line errors), to place apart (the button in a toolbar, the report above a table).
 */
export function useCsvImport({ send, onImported }: CsvImportOptions): { button: ReactNode; report: ReactNode } {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const upload = async (file: File) => {
    setSending(true);
    setErrors([]);
    try {
      const reply = await send(file);
      if (reply.success) {
        getFeedback().success(t('csvImport.success'));
        onImported();
      }
    } catch (error) {
      const lines = lineErrorsOf(error);
      if (lines) {
        setErrors(lines);
      } else if (error instanceof ApiError && error.status === 422) {
        // A business refusal (a locked BPU): the global handling stays silent on 422.
        getFeedback().warning(error.body?.error ?? error.message);
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setSending(false);
    }
  };

  const button = (
    <Upload
      accept=".csv,text/csv"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        if (!isCsvFile(file)) {
          setErrors([]);
          getFeedback().warning(t('csvImport.csvOnly'));
          return Upload.LIST_IGNORE;
        }
        void upload(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={sending}>
        {t('csvImport.button')}
      </Button>
    </Upload>
  );
  const report =
    errors.length > 0 ? (
      <Alert
        type="error"
        showIcon
        closable
        onClose={() => setErrors([])}
        style={{ marginBottom: 12 }}
        title={t('csvImport.refused')}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {errors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        }
      />
    ) : null;
  return { button, report };
}
