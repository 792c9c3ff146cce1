import type { frAccount } from '../fr/account';

/** Texts of my account and its delegations (English build). */
export const enAccount: Record<keyof typeof frAccount, string> = {
  'account.title': 'My account',
  'account.uid': 'Login',
  'account.mail': 'E-mail',
  'account.role': 'Profile',
  'account.delegations.title': 'Delegations',
  'account.delegations.add': 'Add a delegation',
  'account.delegations.createTitle': 'Create: Delegation',
  'account.delegations.given': 'Delegations given',
  'account.delegations.received': 'Delegations received',
  'account.delegations.all': 'All delegations',
  'account.delegations.from': 'Delegator',
  'account.delegations.fromHelp': 'Empty: yourself. Filled in: a delegation on behalf of that person.',
  'account.delegations.to': 'Delegate',
  'account.delegations.start': 'Start',
  'account.delegations.end': 'End',
  'account.delegations.state': 'State',
  'account.delegations.active': 'Ongoing',
  'account.delegations.inactive': 'Out of period',
  'account.delegations.none': 'No delegation',
  'account.delegations.delete': 'Delete the delegation to {{name}}',
  'account.delegations.searchUser': 'Search by name or login',
  'account.delegations.notAllowed': 'Your profile does not allow managing delegations.',
};
