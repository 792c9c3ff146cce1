import { STATEMENT_PDF_EMPTY_MESSAGE } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { businessRefusal, notFound } from '../../platform/errors.js';
import { type DocumentIssuer, renderPdf, todayInParis } from '../../platform/pdf-document.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { embedFacturX } from './statement-facturx.js';
import { type StatementPdfData, statementNumber, statementPdfDefinition } from './statement-pdf-layout.js';

type StatementReader = {
  get: (id: number) => Promise<StatementPdfData['statement']>;
  attachmentsOf: (id: number) => Promise<StatementPdfData['attachments']>;
};

type PartiesRow = StatementPdfData['parties'] & StatementPdfData['market'];

/** What the statement PDF prints: the detail and attachments as the API answers them, the parties and the market. */
export async function loadStatementPdfData(db: Database, reader: StatementReader, id: number): Promise<StatementPdfData> {
  const statement = await reader.get(id);
  const [row] = await rowsOf<PartiesRow>(
    db,
    sql`SELECT c.name AS "companyName", c.siren AS "companySiren", a.name AS "agencyName", a.address AS "agencyAddress",
        a.siret AS "agencySiret", coalesce(a.mail, c.mail) AS "agencyMail", a.phone AS "agencyPhone",
        coalesce(a.manager, c.manager) AS "agencyManager",
        p.name AS "projectName", p.code AS "projectCode", p.address AS "projectAddress",
        bu.name AS "businessUnitName", bu.description AS "businessUnitDescription",
        bu.invoice_location AS "invoiceLocation", bu.delivery_location AS "deliveryLocation",
        NULL AS "followerName", NULL AS "followerMail", NULL AS "followerPhone",
        m.edifice, m.contract_number AS "contractNumber", m.client_bdc AS "clientBdc", m.sap_reference AS "sapReference",
        pty.name AS "paymentTypeName", ptm.name AS "paymentTermName"
      FROM monthly_statements s JOIN markets m ON m.id = s.market_id
        JOIN agencies a ON a.id = m.agency_id JOIN companies c ON c.id = a.company_id
        JOIN projects p ON p.id = m.project_id LEFT JOIN business_units bu ON bu.id = p.business_unit_id
        LEFT JOIN payment_types pty ON pty.id = m.payment_type_id LEFT JOIN payment_terms ptm ON ptm.id = m.payment_term_id
      WHERE s.id = ${id}`,
  );
  if (!row) {
    throw notFound();
  }
  const { edifice, contractNumber, clientBdc, sapReference, paymentTypeName, paymentTermName, ...parties } = row;
  return {
    statement,
    attachments: await reader.attachmentsOf(id),
    parties,
    market: { edifice, contractNumber, clientBdc, sapReference, paymentTypeName, paymentTermName },
  };
}

/** The statement as a Factur-X PDF (PDF/A-3 with its EN 16931 XML), with the file name it is downloaded under. */
export async function renderStatementPdf(
  db: Database,
  reader: StatementReader,
  id: number,
  issuer: DocumentIssuer,
): Promise<{ fileName: string; pdf: Buffer }> {
  const data = await loadStatementPdfData(db, reader, id);
  if (data.attachments.length === 0) {
    throw businessRefusal(STATEMENT_PDF_EMPTY_MESSAGE);
  }
  const printed = await renderPdf(statementPdfDefinition(data, issuer, todayInParis()));
  return { fileName: `situation-${statementNumber(id)}.pdf`, pdf: await embedFacturX(printed, data, issuer) };
}
