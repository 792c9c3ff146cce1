// The face of the BPU templates feature: what the app uses of it.

/** The BPU template screens, mounted by the app's router. */
export { bpuTemplateRoutes } from './bpu-template-routes';
