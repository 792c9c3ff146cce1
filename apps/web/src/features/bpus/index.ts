// The face of the BPUs feature: what the app uses of it.

/** The BPU screens, mounted by the app's router. */
export { bpuRoutes } from './bpu-routes';
