import { describe, expect, it } from 'vitest';
import { layoutFlowchart, NODE_WIDTH, smoothPath } from './flowchart-layout';

const node = (id: number, name: string, type: 1 | 2 | 3 | 4) => ({ id, name, nodeCode: `n${id}`, count: 0, node_type: type });
const link = (id: number, fromNode: number, toNode: number, transitionType = 1) => ({
  id,
  name: `Transition ${id}`,
  transitionType,
  fromNode,
  toNode,
});

describe('the flowchart layout', () => {
  const layout = layoutFlowchart({
    nodes: [node(1, 'Brouillon', 1), node(2, 'Validation', 2), node(3, 'Validé', 4), node(4, 'Refusé', 3)],
    transitions: [link(10, 1, 2), link(11, 2, 3), link(12, 2, 4, 2), link(13, 4, 1), link(14, 2, 1, 2)],
  });
  const x = (id: number) => layout.nodes.find((placed) => placed.id === id)?.x ?? Number.NaN;

  it('places the nodes in layers along the main path, left to right, without overlap', () => {
    expect(x(1)).toBeLessThan(x(2));
    expect(x(2)).toBeLessThan(x(3));
    for (const left of layout.nodes) {
      for (const right of layout.nodes) {
        if (left.id < right.id && left.x === right.x) {
          expect(Math.abs(left.y - right.y)).toBeGreaterThan(0);
        }
      }
    }
    expect(x(2) - x(1)).toBeGreaterThan(NODE_WIDTH);
  });

  it('routes every transition, the two links between the same nodes apart, each with a place for its name', () => {
    expect(layout.edges).toHaveLength(5);
    for (const edge of layout.edges) {
      expect(edge.points.length).toBeGreaterThanOrEqual(2);
      expect(Number.isFinite(edge.label.x) && Number.isFinite(edge.label.y)).toBe(true);
    }
    const back = layout.edges.find((edge) => edge.id === 14);
    const forward = layout.edges.find((edge) => edge.id === 10);
    expect(back?.label).not.toEqual(forward?.label);
  });

  it('draws a path through the route points', () => {
    expect(smoothPath([])).toBe('');
    expect(
      smoothPath([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
      ]),
    ).toBe('M 0 0 Q 10 0 10 5 L 10 10');
  });
});
