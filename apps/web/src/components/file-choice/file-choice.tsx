import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import type { ReactNode } from 'react';

/** The browser file of a one-file choice, when one is chosen. */
export const chosenFile = (fileList: readonly UploadFile[]) => fileList[0]?.originFileObj;

/**
 * One file chosen to be sent with its form (the upload modals of documents, contract templates, payment
 * guarantees, incidents): never uploaded by the widget itself (`beforeUpload` returns false), a new choice
 * replaces the previous one.
 */
export function FileChoice({
  fileList,
  onChange,
  label,
  accept,
  icon = <UploadOutlined />,
}: {
  fileList: UploadFile[];
  onChange: (next: UploadFile[]) => void;
  /** The button's text ("Choisir un fichier"). */
  label: string;
  /** The types the browser's dialog offers (e.g. `application/pdf,.pdf`). */
  accept?: string;
  icon?: ReactNode;
}) {
  return (
    <Upload
      accept={accept}
      maxCount={1}
      fileList={fileList}
      beforeUpload={() => false}
      onChange={({ fileList: next }) => onChange(next.slice(-1))}
    >
      <Button icon={icon}>{label}</Button>
    </Upload>
  );
}
