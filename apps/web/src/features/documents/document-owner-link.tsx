import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { OWNER_ROUTES } from './documents-screen.api';

/**
 * The record a document is attached to: its kind and its name, linked to its screen when it has one (an
 * envelope's is its contract's, `parentId`).
 */
export function DocumentOwnerLink({
  entity,
  entityId,
  name,
  parentId = null,
}: {
  entity: string;
  entityId: number;
  name: string | null;
  parentId?: number | null;
}) {
  const { t } = useTranslation();
  const label = `${t(`documentsScreen.owner.${entity}`, { defaultValue: entity })} : ${name ?? entityId}`;
  const route = OWNER_ROUTES[entity];
  const to = route?.to(entityId, parentId);
  return route && to ? (
    <EntityLink entity={route.entity} to={to}>
      {label}
    </EntityLink>
  ) : (
    <span>{label}</span>
  );
}
