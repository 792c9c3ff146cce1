import dagre from '@dagrejs/dagre';
import type { WorkflowFlowchart } from '@isf/contract';

export const NODE_WIDTH = 160;
export const NODE_HEIGHT = 72;
const CHARACTER_WIDTH = 6.8;
const LABEL_MAX_WIDTH = 84;
const LABEL_LINE_HEIGHT = 16;

export type Point = { x: number; y: number };

export type PlacedNode = WorkflowFlowchart['nodes'][number] & { x: number; y: number };

export type RoutedEdge = WorkflowFlowchart['transitions'][number] & {
  /** The route from the source's border to the target's border, around the other nodes. */
  points: Point[];
  label: Point & { width: number };
};

export type FlowchartLayout = { nodes: PlacedNode[]; edges: RoutedEdge[]; width: number; height: number };

/** The room a transition name takes, on at most a few lines of LABEL_MAX_WIDTH. */
export function labelSize(name: string): { width: number; height: number } {
  const textWidth = name.length * CHARACTER_WIDTH;
  const lines = Math.max(1, Math.ceil(textWidth / LABEL_MAX_WIDTH));
  return { width: Math.min(LABEL_MAX_WIDTH, textWidth) + 12, height: lines * LABEL_LINE_HEIGHT + 6 };
}

/**
 * A layered layout of a workflow (dagre, left to right): nodes in ranks along the main path, every
 * transition routed with room kept for its name, so parallel and backward links stay readable.
 * Positions are the nodes' top-left corners.
 */
export function layoutFlowchart(flowchart: Pick<WorkflowFlowchart, 'nodes' | 'transitions'>): FlowchartLayout {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: 50, ranksep: 30, edgesep: 16, marginx: 20, marginy: 20 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of flowchart.nodes) {
    graph.setNode(String(node.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  }
  for (const transition of flowchart.transitions) {
    graph.setEdge(
      String(transition.fromNode),
      String(transition.toNode),
      { ...labelSize(transition.name), labelpos: 'c' },
      String(transition.id),
    );
  }
  dagre.layout(graph);
  const nodes = flowchart.nodes.map((node) => {
    const placed = graph.node(String(node.id));
    return { ...node, x: (placed?.x ?? 0) - NODE_WIDTH / 2, y: (placed?.y ?? 0) - NODE_HEIGHT / 2 };
  });
  const edges = flowchart.transitions.map((transition) => {
    const routed = graph.edge({ v: String(transition.fromNode), w: String(transition.toNode), name: String(transition.id) });
    const points = (routed?.points ?? []).map((point: Point) => ({ x: point.x, y: point.y }));
    const middle = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    return {
      ...transition,
      points,
      label: { x: routed?.x ?? middle.x, y: routed?.y ?? middle.y, width: routed?.width ?? LABEL_MAX_WIDTH },
    };
  });
  const size = graph.graph();
  return { nodes, edges, width: size.width ?? 0, height: size.height ?? 0 };
}

/** An SVG path through the route's points, its corners rounded by quadratic curves. */
export function smoothPath(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (!first) {
    return '';
  }
  if (rest.length === 0) {
    return `M ${first.x} ${first.y}`;
  }
  const parts = [`M ${first.x} ${first.y}`];
  for (let index = 0; index < rest.length - 1; index += 1) {
    const corner = rest[index];
    const next = rest[index + 1];
    if (corner && next) {
      parts.push(`Q ${corner.x} ${corner.y} ${(corner.x + next.x) / 2} ${(corner.y + next.y) / 2}`);
    }
  }
  const last = rest[rest.length - 1];
  if (last) {
    parts.push(`L ${last.x} ${last.y}`);
  }
  return parts.join(' ');
}
