import { describe, expect, it } from 'vitest';
import { filterOptions, initialFilter } from './node-filter';

const counts = (haveToDo: number) => ({ all: 5, canDo: 3, haveToDo });

describe('the node screen filter', () => {
  it('offers My tasks only with the has-my-actions flag, and only All on subcontractor-market nodes', () => {
    expect(filterOptions('document', true)).toEqual(['all', 'canDo', 'haveToDo']);
    expect(filterOptions('document', false)).toEqual(['all', 'canDo']);
    expect(filterOptions('subcontractor_market', true)).toEqual(['all']);
  });

  it('opens on My tasks when the user has tasks on the node, on All otherwise', () => {
    expect(initialFilter({ workflowCode: 'document', hasMyActions: true, counts: counts(2) })).toBe('haveToDo');
    expect(initialFilter({ workflowCode: 'document', hasMyActions: true, counts: counts(0) })).toBe('all');
    expect(initialFilter({ workflowCode: 'document', hasMyActions: false, counts: counts(2) })).toBe('all');
    expect(initialFilter({ workflowCode: 'subcontractor_market', hasMyActions: true, counts: counts(2) })).toBe('all');
  });

  it('follows the filter asked for in the address when it is offered', () => {
    expect(initialFilter({ workflowCode: 'document', hasMyActions: true, counts: counts(0), requested: 'haveToDo' })).toBe(
      'haveToDo',
    );
    expect(initialFilter({ workflowCode: 'document', hasMyActions: false, counts: counts(0), requested: 'haveToDo' })).toBe(
      'all',
    );
    expect(
      initialFilter({ workflowCode: 'subcontractor_market', hasMyActions: true, counts: counts(1), requested: 'canDo' }),
    ).toBe('all');
  });
});
