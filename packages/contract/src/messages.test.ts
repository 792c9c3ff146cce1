import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';

describe('message catalogue', () => {
  it('fills placeholders', () => {
    expect(formatMessage('error.server', { id: 'abc-123' })).toBe('Une erreur est survenue. RequestId: abc-123');
  });

  it('keeps the spec texts verbatim', () => {
    expect(formatMessage('login.invalidCredentials')).toBe('Identifiant ou mot de passe invalide !');
    expect(formatMessage('confirm.tabChange')).toBe("Le changement d'onglet en mode édition peut provoquer une perte de donnée.");
  });
});
