import type {
  AgencyLegalReply,
  AgencyLegalStatus,
  AgencyLookupReply,
  AgencyRow,
  agencyCreateSchema,
  agencyUpdateSchema,
  ListReply,
} from '@isf/contract';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { api, type CreateReply, type UpdateReply } from '../../lib/api-client';

/** Agency status (spec 3 §4): 1 fine, 2 warning, 3 error. */
export type AgencyStatus = AgencyLegalStatus;

export type AgencyRecord = {
  id: number;
  version: number;
  companyId: number;
  name: string;
  edifice: string | null;
  siret: string;
  manager: string | null;
  address: string | null;
  phone: string | null;
  mail: string | null;
  synchronize: boolean;
  inviteMail: string | null;
  inThirdParty: boolean;
  status: AgencyStatus;
  documentsCompleted: boolean;
  /** Registered on the e-attestation platform; null until ISF has asked. */
  legalOnboarded: boolean | null;
  legalCheckedAt: string | null;
  invitationSentTo: string | null;
  invitationSentAt: string | null;
  company: { id: number; name: string } | null;
};

export type AgencyUser = { id: number; uid: string; name: string; mail: string | null; roleName: string; active: boolean };

export type AgencyCreate = ReturnType<typeof agencyCreateSchema.parse>;
export type AgencyUpdate = ReturnType<typeof agencyUpdateSchema.parse>;

export const AGENCY_LIST_PATH = '/agencies';
export const AGENCY_CSV_PATH = '/agency/csv';

export function agencyQueryKey(id: number): readonly unknown[] {
  return ['agency', id];
}

/** Under the agency list's key, so that creating or deleting an agency refreshes them too. */
export function companyAgenciesQueryKey(companyId: number): readonly unknown[] {
  return [...listQueryKey(AGENCY_LIST_PATH), 'company', companyId];
}

export function agencyUsersQueryKey(id: number): readonly unknown[] {
  return ['agency', id, 'users'];
}

export function agencyLegalQueryKey(id: number): readonly unknown[] {
  return ['agency', id, 'legal'];
}

export function fetchAgency(id: number): Promise<AgencyRecord> {
  return api.get<AgencyRecord>(`/agency/${id}`);
}

export function createAgency(payload: AgencyCreate): Promise<CreateReply> {
  return api.post<CreateReply>('/agency/create', payload);
}

export function updateAgency(id: number, payload: AgencyUpdate): Promise<UpdateReply<Omit<AgencyRecord, 'company'>>> {
  return api.put<UpdateReply<Omit<AgencyRecord, 'company'>>>(`/agency/${id}`, payload);
}

export function deleteAgency(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/agency/${id}/delete`);
}

export function fetchCompanyAgencies(companyId: number): Promise<ListReply<AgencyRow>> {
  return api.get<ListReply<AgencyRow>>(`/company/${companyId}/agencies`);
}

export function deleteCompanyAgency(companyId: number, agencyId: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/company/${companyId}/agency/${agencyId}/delete`);
}

/** The registry's word on a SIRET; the caller handles the refusals itself (silent). */
export function lookupSiret(siret: string): Promise<AgencyLookupReply> {
  return api.get<AgencyLookupReply>(`/agency/lookup/${encodeURIComponent(siret)}`, { silent: true });
}

/** The legal folder; the caller shows the platform's failures (502) in place (silent). */
export function fetchAgencyLegal(id: number): Promise<AgencyLegalReply> {
  return api.get<AgencyLegalReply>(`/agency/${id}/legal`, { silent: true });
}

export function fetchAgencyUsers(id: number): Promise<AgencyUser[]> {
  return api.get<AgencyUser[]>(`/agency/${id}/users`);
}

export function addAgencyUser(agencyId: number, userId: number): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>(`/user/${userId}/agency/${agencyId}`);
}

export function removeAgencyUser(agencyId: number, userId: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/user/${userId}/agency/${agencyId}`);
}
