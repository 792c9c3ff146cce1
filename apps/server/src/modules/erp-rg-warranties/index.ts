/** ERP retention warranties (spec 2 /release-rg-warranties): registered by the app, told of paid statements. */
export { type RgWarranties, registerRgWarrantyRoutes } from './rg-warranties.routes.js';
