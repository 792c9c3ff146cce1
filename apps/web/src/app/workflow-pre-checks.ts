import { installAttachmentPreChecks } from '../features/attachments';
import { installOrderPreChecks } from '../features/orders';

/**
 * The business pre-checks of the workflow moves (spec 1 §4 rules 2 to 8), registered once per item kind
 * when the shell loads: the node screen's bulk moves run them as the detail screens' panels do.
 */
export function installWorkflowPreChecks(): void {
  installOrderPreChecks();
  installAttachmentPreChecks();
}
