// The face of the login feature: what the app uses of it.

/** The login page, the first screen of a signed-out user. */
export { LoginPage } from './login-page';
