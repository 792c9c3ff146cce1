import type { frLegalFolder } from '../fr/legal-folder';

/** Texts of the agency's Administrative documents tab (legal folder, e-attestation follow-up; English build). */
export const enLegalFolder: Record<keyof typeof frLegalFolder, string> = {
  'legalFolder.tab': 'Administrative documents',
  'legalFolder.platform': 'e-attestation platform',
  'legalFolder.onboarded': 'Registered',
  'legalFolder.notOnboardedShort': 'Not registered',
  'legalFolder.checkedAt': 'Checked on',
  'legalFolder.refresh': 'Refresh',
  'legalFolder.notOnboarded':
    'This supplier has not registered on the e-attestation platform: no document is available there. Enter an invitation e-mail in the agency information.',
  'legalFolder.invited': 'An invitation is pending: the supplier has not registered on the e-attestation platform yet.',
  'legalFolder.invitationSent': 'Invitation sent to {{mail}} on {{date}}.',
  'legalFolder.noDocuments': 'No document requested yet.',
  'legalFolder.readFailed': 'The administrative folder could not be read.',
  'legalFolder.retry': 'Retry',
  'legalFolder.document': 'Document',
  'legalFolder.available': 'Available',
  'legalFolder.availableYes': 'Available',
  'legalFolder.availableNo': 'Not available',
  'legalFolder.deliveredOn': 'Delivered on',
  'legalFolder.expiresOn': 'Valid until',
  'legalFolder.noExpiry': 'No expiry',
  'legalFolder.state': 'State',
  'legalFolder.states.valid': 'Valid',
  'legalFolder.states.expiring': 'Expires soon',
  'legalFolder.states.expired': 'Expired',
  'legalFolder.states.missing': 'Missing',
};
