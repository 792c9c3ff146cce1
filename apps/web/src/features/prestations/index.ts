// The face of the prestations feature: what the app and other features use of it.

/** A prestation's fields and their values, edited in a BPU template's rows. */
export {
  ChoiceSelect,
  EMPTY_PRESTATION_FIELDS,
  type PrestationFieldValues,
  prestationFieldValuesOf,
  SubcategorySelect,
} from './prestation-form-fields';
/** The prestation screens, mounted by the app's router. */
export { prestationRoutes } from './prestation-routes';
/** A prestation's writes, choices and a BPU template's prestations key, used by a BPU template's rows. */
export {
  bpuTemplatePrestationsKey,
  createPrestation,
  deletePrestation,
  updatePrestation,
  usePrestationChoices,
} from './prestations.api';
