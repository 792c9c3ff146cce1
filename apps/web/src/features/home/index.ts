// The face of the home feature: what the app uses of it.

/** The home page, mounted by the app's router (its code loads on the first visit). */
export { HomePage } from './home-route';
