import { withSiretKey } from '@isf/contract';

export type SireneFixture = {
  siret: string;
  name: string;
  number: string;
  streetType: string;
  street: string;
  postalCode: string;
  city: string;
  state: 'A' | 'F';
};

const ESTABLISHMENTS: [string, string, string, string, string, string][] = [
  ['Fibres Réseaux Aquitaine', '12', 'RUE', 'DES FRERES LUMIERE', '33700', 'MERIGNAC'],
  ['Télécom Travaux Sud-Ouest', '4', 'AV', 'DE LA LIBERATION', '31200', 'TOULOUSE'],
  ['Génie Civil Garonne', '27', 'CHE', 'DU HALAGE', '47000', 'AGEN'],
  ['Optique Raccordement Pyrénées', '8', 'BD', "D'ALSACE LORRAINE", '64000', 'PAU'],
  ['Câblage Atlantique', '15', 'RUE', 'DU PORT', '64100', 'BAYONNE'],
  ['Réseaux Dordogne Services', '3', 'PL', 'DU MARCHE', '24000', 'PERIGUEUX'],
  ['Landes Fibre Construction', '41', 'AV', 'GEORGES CLEMENCEAU', '40000', 'MONT-DE-MARSAN'],
  ['Limousin Télécom Infrastructures', '9', 'RUE', 'JEAN JAURES', '87000', 'LIMOGES'],
  ['Bigorre Réseaux', '22', 'RUE', 'DU GENERAL DE GAULLE', '65000', 'TARBES'],
  ['Tarn Génie Télécom', '6', 'AV', 'DES MARTYRS', '81000', 'ALBI'],
  ['Gironde Tirage Câbles', '101', 'QU', 'DE BACALAN', '33300', 'BORDEAUX'],
  ['Occitanie Fibre Optique', '18', 'RUE', 'DE METZ', '31000', 'TOULOUSE'],
  ['Sud Réseaux Souterrains', '55', 'ZA', 'DU PONT NEUF', '82000', 'MONTAUBAN'],
  ['Charente Télécom Travaux', '7', 'RUE', 'DE LA GARE', '16000', 'ANGOULEME'],
  ['Poitou Fibre Services', '13', 'RUE', 'CARNOT', '86000', 'POITIERS'],
  ['Béarn Raccordement Abonnés', '2', 'ALL', 'DES PLATANES', '64140', 'LONS'],
  ['Médoc Réseaux Secs', '31', 'RTE', 'DE SOULAC', '33340', 'LESPARRE-MEDOC'],
  ['Lot Télécom Aménagement', '10', 'RUE', 'DU PRESIDENT WILSON', '46000', 'CAHORS'],
  ['Corrèze Fibre et Génie Civil', '5', 'AV', 'VICTOR HUGO', '19100', 'BRIVE-LA-GAILLARDE'],
  ['Gers Infrastructures Numériques', '16', 'RUE', 'DESSOLES', '32000', 'AUCH'],
  ['Basque Télécom Réseaux', '44', 'AV', 'DE BIARRITZ', '64600', 'ANGLET'],
  ['Ariège Câblage', '1', 'RUE', 'DU PONT VIEUX', '09000', 'FOIX'],
  ['Aveyron Fibre Travaux', '28', 'BD', 'DE LA REPUBLIQUE', '12000', 'RODEZ'],
  ['Vendée Optique Réseaux', '19', 'RUE', 'DE LA ROCHE', '85000', 'LA ROCHE-SUR-YON'],
  ['Armagnac Génie Civil', '3', 'PL', 'DE LA MAIRIE', '32800', 'EAUZE'],
  ['Quercy Télécom', '12', 'RUE', 'DE LA BARRE', '46100', 'FIGEAC'],
  ['Saintonge Fibre', '9', 'COURS', 'NATIONAL', '17100', 'SAINTES'],
  ['Comminges Réseaux', '21', 'AV', 'FOCH', '31800', 'SAINT-GAUDENS'],
  ['Agenais Tirage Optique', '14', 'RUE', 'DES CORNIERES', '47300', 'VILLENEUVE-SUR-LOT'],
  ['Anciens Travaux Télécom (fermé)', '2', 'RUE', 'DE LA FORGE', '33000', 'BORDEAUX'],
];

/** A few dozen realistic establishments of the local Sirene simulator (SIRETs with valid keys). */
export const SIRENE_FIXTURES: SireneFixture[] = ESTABLISHMENTS.map(
  ([name, number, streetType, street, postalCode, city], index) => ({
    siret: withSiretKey(`${String(812_345_000 + index * 1_037).padStart(9, '0')}0001`),
    name,
    number,
    streetType,
    street,
    postalCode,
    city,
    state: name.includes('fermé') ? 'F' : 'A',
  }),
);

/** SIRETs with valid keys on which the simulator misbehaves on purpose. */
export const SIRENE_FAULT_SIRETS = {
  serverError: withSiretKey('9999999990001'),
  invalidResponse: withSiretKey('9999999980001'),
  unknown: withSiretKey('4444444440001'),
};
