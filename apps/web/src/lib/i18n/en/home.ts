import type { frHome } from '../fr/home';

/** Texts of the home dashboard's "to validate" lists and of the subcontractor-style home (English build). */
export const enHome: Record<keyof typeof frHome, string> = {
  'home.toValidate.orders': 'Orders to validate',
  'home.toValidate.markets': 'Markets to validate',
  'home.toValidate.order': 'Order',
  'home.toValidate.attachments': 'Attachments to validate',
  'home.toValidate.attachment': 'Attachment',
  'home.toValidate.market': 'Market',
  'home.toValidate.node': 'Step',
  'home.toValidate.agency': 'Agency',
  'home.toValidate.project': 'Project',
  'home.toValidate.since': 'Since',
  'home.toValidate.orderAmount': 'Amount excl. VAT',
  'home.toValidate.marketAmount': 'DC4 ceiling',
  'home.sst.orders': 'Orders awaiting your validation',
  'home.sst.ordersHint': 'Open an order to read it, then accept or refuse it.',
  'home.sst.count': 'Orders to validate',
  'home.sst.total': 'Total excl. VAT',
  'home.sst.noOrders': 'No order awaits your validation.',
  'home.sst.name': 'Complement',
  'home.sst.received': 'Received on',
  'home.sst.open': 'Open',
  'home.sst.openOrder': 'Open order {{reference}}',
  'home.sst.markets': 'Markets awaiting your action',
  'home.sst.noMarkets': 'No market awaits your action.',
};
