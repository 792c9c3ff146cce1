import { REFUSAL_COMMENT_MESSAGE } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/principal.js';
import { refusalCommentGuard } from './workflow-guards.js';
import { createWorkflowRegistry, type MoveFacts } from './workflow-registry.js';

function facts(
  toType: number,
  comment: string | null,
  codes: { workflow?: string; transition?: string; to?: string } = {},
): MoveFacts {
  return {
    token: { id: 1, entityName: 'order', entityId: 1, version: 1, creatorId: null },
    workflow: { id: 1, code: codes.workflow ?? 'service_order', name: 'Commande' },
    transition: { id: 1, code: codes.transition ?? 'os_refused_cdp', name: 'Refuser', type: 2 },
    from: { id: 2, code: 'os_validation_cdp', name: 'Validation', type: 2 },
    to: { id: 3, code: codes.to ?? 'os_draft', name: 'Brouillon', type: toType },
    principal: {} as Principal,
    onBehalfOfId: null,
    comment,
  };
}

describe('refusalCommentGuard', () => {
  it('asks 5 characters, spaces trimmed, for a move to an error or a start node', () => {
    for (const type of [1, 3]) {
      expect(refusalCommentGuard(facts(type, null))).toBe(REFUSAL_COMMENT_MESSAGE);
      expect(refusalCommentGuard(facts(type, '  abcd  '))).toBe(REFUSAL_COMMENT_MESSAGE);
      expect(refusalCommentGuard(facts(type, 'abcde'))).toBeNull();
    }
  });

  it('lets normal and end moves through without a comment', () => {
    expect(refusalCommentGuard(facts(2, null))).toBeNull();
    expect(refusalCommentGuard(facts(4, ''))).toBeNull();
  });
});

describe('the workflow registry', () => {
  it('selects guards and post-actions whose every given field matches the move', () => {
    const registry = createWorkflowRegistry();
    const every = () => 'every';
    const orders = () => 'orders';
    const toValidated = () => 'validated';
    registry.registerGuard({}, every);
    registry.registerGuard({ workflow: 'service_order' }, orders);
    registry.registerGuard({ workflow: 'service_order', toNode: 'os_validated' }, toValidated);
    expect(registry.guardsFor(facts(2, null))).toEqual([every, orders]);
    expect(registry.guardsFor(facts(2, null, { to: 'os_validated' }))).toEqual([every, orders, toValidated]);
    expect(registry.guardsFor(facts(2, null, { workflow: 'attachement', to: 'os_validated' }))).toEqual([every]);
    const action = { afterCommit: async () => undefined };
    registry.registerPostAction({ transition: 'os_to_validated' }, action);
    expect(registry.postActionsFor(facts(2, null, { transition: 'os_to_validated' }))).toEqual([action]);
    expect(registry.postActionsFor(facts(2, null))).toEqual([]);
  });
});
