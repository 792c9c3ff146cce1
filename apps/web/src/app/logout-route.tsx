import { useLayoutEffect } from 'react';
import { logout } from '../lib/session';

/** /logout: ends the session; the root layout then sends the user to /login. */
export function LogoutRoute() {
  useLayoutEffect(() => {
    logout();
  }, []);
  return null;
}
