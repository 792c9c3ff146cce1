// The face of the popups feature: what the app uses of it.

/** A popup announcement as the shell shows it to the signed-in profile. */
export { PopupDialog } from './popup-dialog';
/** The popup screens, mounted by the app's router. */
export { popupRoutes } from './popup-routes';
/** The signed-in profile's popup announcements and their marking, read by the shell. */
export { fetchMyPopups, markPopup } from './popups.api';
