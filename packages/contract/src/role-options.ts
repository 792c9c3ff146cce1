/** Role options (spec 1 §6), always written `group.option` in lower case. */
export const ROLE_OPTIONS = [
  'serviceorders.display_sst_validation_in_dashboard',
  'serviceorders.deletion_after_validation',
  'serviceorders.edit_financial_info',
  'serviceorders.display_order_download_button',
  'userinterface.display_my_actions_menu',
  'userinterface.display_help_menu',
  'users.can_delegate',
  'users.can_admin_delegate',
  'users.can_see_default',
  'envelopes.can_send_for_signature',
  'attachements.cannot_edit_after_validation',
  'monthly_statements.can_dangerously_revert_paid',
  'subcontractor_markets.deactivate_markets',
] as const;

export type RoleOption = (typeof ROLE_OPTIONS)[number];

/**
 * The options of which one lets a person download the business documents as PDF (purchase order, work
 * statement, monthly statement): spec 2, order detail, where the legacy `OS.DISPLAYEDIT_FINANCIAL_INFO`
 * is today's `serviceorders.edit_financial_info`. Part of the PDF routes' declared right on the server,
 * and what shows the download buttons on the web.
 */
export const DOCUMENT_PDF_OPTIONS = [
  'serviceorders.display_order_download_button',
  'serviceorders.edit_financial_info',
] as const satisfies readonly RoleOption[];

/** Whether a person holding the options `has` tells may download the business documents as PDF. */
export function canDownloadDocumentPdf(has: (option: RoleOption) => boolean): boolean {
  return DOCUMENT_PDF_OPTIONS.some((option) => has(option));
}

/** Visibility levels of a role (spec 1 §4): 1 all, 2 own projects, 3 manager's projects, 4 own projects and agencies. */
export const VISIBILITY_LEVELS = [1, 2, 3, 4] as const;
export type Visibility = (typeof VISIBILITY_LEVELS)[number];
