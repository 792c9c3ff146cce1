import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-store';
import { NavigationGuard } from './navigation-guard';
import { LoadingBar } from './shell/loading-bar';

/** The authentication rules of spec 1 §2, around every route. */
export function RootLayout() {
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  let content = <Outlet />;
  if (!isAuthenticated && pathname !== '/login') {
    content = <Navigate to="/login" replace />;
  } else if (isAuthenticated && pathname === '/login') {
    content = <Navigate to="/" replace />;
  }
  return (
    <>
      <LoadingBar />
      <NavigationGuard />
      {content}
    </>
  );
}
