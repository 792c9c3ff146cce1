import { ORDER_QUANTITY_INVALID_MESSAGE } from '@isf/contract';

/** Texts of the Prestations tab of a service order (French build). */
export const frOrderPrestations = {
  'orderPrestations.title': 'Prestations',
  'orderPrestations.index': 'N°',
  'orderPrestations.category': 'Catégorie',
  'orderPrestations.subcategory': 'Sous-catégorie',
  'orderPrestations.reference': 'Référence',
  'orderPrestations.code': 'Code',
  'orderPrestations.description': 'Désignation',
  'orderPrestations.unit': 'Unité',
  'orderPrestations.unitPrice': 'Prix unitaire',
  'orderPrestations.quantity': 'Quantité',
  'orderPrestations.total': 'Total',
  'orderPrestations.footer': 'Total de la commande',
  'orderPrestations.empty': 'Aucune prestation',
  'orderPrestations.export': 'Exporter en CSV',
  'orderPrestations.displayAll': 'Afficher toutes les prestations',
  'orderPrestations.templateHint': 'Seules les prestations du modèle de commande et celles déjà commandées sont affichées.',
  'orderPrestations.templateChanged':
    "Le modèle de commande a été changé : les prestations proposées sont celles du nouveau modèle. Les quantités déjà saisies sont conservées ; le changement s'applique à l'enregistrement.",
  'orderPrestations.templateUnreadable':
    "Les prestations du modèle choisi n'ont pas pu être lues : toutes les prestations sont affichées.",
  'orderPrestations.quantityOf': 'Quantité de {{code}}',
  'orderPrestations.invalidQuantity': ORDER_QUANTITY_INVALID_MESSAGE,
};
