import { PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import type { PickerValue } from '../../components/picker/picker';
import { getFeedback } from '../../lib/feedback';

type Call = () => Promise<{ success: boolean }>;

/**
 * Runs the attach and detach calls of a project tab one at a time: `busy` while one runs, `after`
 * once a call answered success. Errors are reported by the response handling.
 */
export function useLinkCalls(after: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const run = async (call: Call): Promise<boolean> => {
    setBusy(true);
    try {
      const { success } = await call();
      if (success) {
        await after();
      }
      return success;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  const confirmThenRun = async (content: ReactNode, call: Call) => {
    if (await getFeedback().confirm({ content })) {
      await run(call);
    }
  };
  return { busy, run, confirmThenRun };
}

/** A picker and its Add button: the picked record is attached, then the picker is cleared. */
export function AttachPicker(props: {
  label: string;
  busy: boolean;
  picker: (value: PickerValue | null, onChange: (value: PickerValue | null) => void) => ReactNode;
  onAttach: (id: number) => Promise<boolean>;
}) {
  const [picked, setPicked] = useState<PickerValue | null>(null);
  return (
    <Space.Compact style={{ minWidth: 460 }}>
      {props.picker(picked, setPicked)}
      <Button
        icon={<PlusOutlined />}
        disabled={picked === null}
        loading={props.busy}
        onClick={async () => {
          if (picked && (await props.onAttach(picked.id))) {
            setPicked(null);
          }
        }}
      >
        {props.label}
      </Button>
    </Space.Compact>
  );
}
