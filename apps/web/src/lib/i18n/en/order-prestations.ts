import type { frOrderPrestations } from '../fr/order-prestations';

/** Texts of the Prestations tab of a service order (English build). */
export const enOrderPrestations: Record<keyof typeof frOrderPrestations, string> = {
  'orderPrestations.title': 'Services',
  'orderPrestations.index': 'No.',
  'orderPrestations.category': 'Category',
  'orderPrestations.subcategory': 'Subcategory',
  'orderPrestations.reference': 'Reference',
  'orderPrestations.code': 'Code',
  'orderPrestations.description': 'Description',
  'orderPrestations.unit': 'Unit',
  'orderPrestations.unitPrice': 'Unit price',
  'orderPrestations.quantity': 'Quantity',
  'orderPrestations.total': 'Total',
  'orderPrestations.footer': 'Order total',
  'orderPrestations.empty': 'No service',
  'orderPrestations.export': 'Export as CSV',
  'orderPrestations.displayAll': 'Display all services',
  'orderPrestations.templateHint': 'Only the services of the order template and those already ordered are shown.',
  'orderPrestations.templateChanged':
    'The order template has changed: the services offered are those of the new template. Quantities already entered are kept; the change applies on save.',
  'orderPrestations.templateUnreadable': 'The services of the chosen template could not be read: every service is shown.',
  'orderPrestations.quantityOf': 'Quantity of {{code}}',
  'orderPrestations.invalidQuantity': 'Invalid quantity: a positive number in steps of 0.5.',
};
