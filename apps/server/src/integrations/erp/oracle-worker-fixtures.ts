/** A public worker of the ERP simulator, in the Oracle HCM REST attribute names (`publicWorkers`). */
export type OracleWorkerFixture = {
  PersonId: number;
  PersonNumber: string;
  DisplayName: string;
  FirstName: string;
  LastName: string;
  WorkEmail: string;
};

function worker(personId: number, firstName: string, lastName: string, workEmail: string): OracleWorkerFixture {
  return {
    PersonId: personId,
    PersonNumber: String(personId - 300_100_000_000_000),
    DisplayName: `${firstName} ${lastName}`,
    FirstName: firstName,
    LastName: lastName,
    WorkEmail: workEmail,
  };
}

/** Mails on which the simulator misbehaves on purpose, to exercise the failures. */
export const ORACLE_FAULT_WORKER_MAILS = {
  /** Answers a 500 with an ADF error body. */
  serverError: 'erreur.oracle@isf.example',
  /** Two persons share it. */
  duplicate: 'doublon@isf.example',
} as const;

/**
 * The persons Oracle knows, by the work mails of the demo logins (`<login>@isf.example`): most carry
 * their civil name where ISF shows a role-like label, the administrator already has the same name, and
 * the subcontractor (`sst`) is not an Oracle person.
 */
export const ORACLE_WORKER_FIXTURES: OracleWorkerFixture[] = [
  worker(300_100_000_104_201, 'Alice', 'Administratrice', 'admin@isf.example'),
  worker(300_100_000_104_202, 'Louis', 'Lefèvre', 'lecteur@isf.example'),
  worker(300_100_000_104_203, 'Camille', 'Dupuy', 'cdp@isf.example'),
  worker(300_100_000_104_204, 'Valérie', 'Vidal', 'valideur@isf.example'),
  worker(300_100_000_104_205, 'Claude', 'Carrère', 'comptable@isf.example'),
  worker(300_100_000_104_206, 'Dominique', 'Martin', ORACLE_FAULT_WORKER_MAILS.duplicate),
  worker(300_100_000_104_207, 'Dominique', 'Martineau', ORACLE_FAULT_WORKER_MAILS.duplicate),
];
