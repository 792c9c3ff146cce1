import { type ReactNode, useEffect, useState } from 'react';

/** Renders one pre-check dialog, or none. */
type Host = (dialog: ReactNode) => void;

/** The hosts mounted now, the latest last: a dialog opens in the screen that fired the move. */
const hosts: Host[] = [];

/**
 * Opens a pre-check's own dialog (a form the move waits for: the order's emitter, the project evaluation)
 * in the move's screen, and resolves with what the dialog settles. The screens that fire moves (the
 * workflow panel, the node screen) mount `PreCheckDialogs`, so a pre-check registered once for its item
 * kind runs the same from either.
 */
export function openPreCheckDialog<T>(render: (settle: (value: T) => void) => ReactNode): Promise<T> {
  const host = hosts.at(-1);
  if (!host) {
    return Promise.reject(new Error('No screen shows the pre-check dialogs.'));
  }
  return new Promise<T>((resolve) => {
    host(
      render((value) => {
        host(null);
        resolve(value);
      }),
    );
  });
}

/** Where the pre-checks' dialogs of the moves fired from this screen render. */
export function PreCheckDialogs() {
  const [dialog, setDialog] = useState<ReactNode>(null);
  useEffect(() => {
    const host: Host = (next) => setDialog(next);
    hosts.push(host);
    return () => {
      hosts.splice(hosts.indexOf(host), 1);
    };
  }, []);
  return <>{dialog}</>;
}
