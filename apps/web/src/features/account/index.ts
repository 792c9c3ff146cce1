// The face of the account feature: what the app uses of it.

/** The account page, mounted by the app's router (its code loads on the first visit). */
export { AccountPage } from './account-route';
/** The password change, opened from the shell's user menu. */
export { PasswordChangeModal } from './password-change-modal';
