import { describe, expect, it } from 'vitest';
import { codeAndName } from './code-and-name';

describe('codeAndName', () => {
  it('joins a code and its name with an em dash between spaces', () => {
    expect(codeAndName('OP-11', 'Oracle 11')).toBe('OP-11 \u2014 Oracle 11');
  });

  it('keeps a dash that belongs to the name', () => {
    expect(codeAndName('P02', 'Gironde THD – Phase 2')).toBe('P02 — Gironde THD – Phase 2');
  });

  it('leaves out a missing or empty part with its dash', () => {
    expect(codeAndName('EOTP-1', null)).toBe('EOTP-1');
    expect(codeAndName('EOTP-1', '')).toBe('EOTP-1');
    expect(codeAndName(null, 'Sans code')).toBe('Sans code');
    expect(codeAndName(undefined, undefined)).toBe('');
  });
});
