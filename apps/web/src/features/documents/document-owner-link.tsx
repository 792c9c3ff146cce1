import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { OWNER_ROUTES } from './documents-screen.api';

/** The record a document is attached to: its kind and its name, linked to its screen when it has one. */
export function DocumentOwnerLink({ entity, entityId, name }: { entity: string; entityId: number; name: string | null }) {
  const { t } = useTranslation();
  const label = `${t(`documentsScreen.owner.${entity}`, { defaultValue: entity })} : ${name ?? entityId}`;
  const route = OWNER_ROUTES[entity];
  return route ? (
    <EntityLink entity={route.entity} to={`${route.path}/${entityId}`}>
      {label}
    </EntityLink>
  ) : (
    <span>{label}</span>
  );
}
