import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError, reportApiError } from '../../lib/api-client';

type SyncState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'failed'; detail: string | undefined }
  | { kind: 'continuing'; title: string; detail: string | undefined };

/** Statuses the banner explains itself: a refusal (422), the external system failed (502), still running (504). */
const SHOWN_STATUSES = new Set([422, 502, 504]);

export type SyncActionOptions<Result> = {
  label: string;
  /** The spec's text while the synchronisation runs. */
  runningText: string;
  /** The spec's text of a failure; what the server said goes under it. */
  failedText: string;
  run: () => Promise<Result>;
  /** The success toast (and anything to refresh). */
  onDone: (result: Result) => Promise<unknown> | undefined;
};

/**
 * A synchronisation with an external system run from a button: the button (spinning while it runs) and
 * the banner of a running, failed or still-running (504: the task goes on, see /tasks) synchronisation.
 * Other errors go to the global handling.
 */
export function useSyncAction<Result>(options: SyncActionOptions<Result>): { button: ReactNode; banner: ReactNode } {
  const [state, setState] = useState<SyncState>({ kind: 'idle' });

  const run = async () => {
    setState({ kind: 'running' });
    try {
      const result = await options.run();
      setState({ kind: 'idle' });
      await options.onDone(result);
    } catch (error) {
      if (!(error instanceof ApiError) || !SHOWN_STATUSES.has(error.status)) {
        setState({ kind: 'failed', detail: undefined });
        if (error instanceof ApiError) {
          reportApiError(error);
        }
        return;
      }
      const detail = error.body?.detail ?? undefined;
      setState(
        error.status === 504
          ? { kind: 'continuing', title: error.body?.error ?? '', detail }
          : { kind: 'failed', detail: detail ?? error.body?.error },
      );
    }
  };

  const running = state.kind === 'running';
  const button = (
    <Button icon={<SyncOutlined spin={running} />} loading={running} onClick={() => void run()}>
      {options.label}
    </Button>
  );
  const banner =
    state.kind === 'running' ? (
      <Alert type="info" showIcon title={options.runningText} style={{ marginBottom: 12 }} />
    ) : state.kind === 'failed' ? (
      <Alert type="error" showIcon closable title={options.failedText} description={state.detail} style={{ marginBottom: 12 }} />
    ) : state.kind === 'continuing' ? (
      <Alert type="info" showIcon closable title={state.title} description={state.detail} style={{ marginBottom: 12 }} />
    ) : null;
  return { button, banner };
}
