import '@xyflow/react/dist/style.css';
import type { WorkflowFlowchart as Flowchart } from '@isf/contract';
import {
  Background,
  BaseEdge,
  Controls,
  type Edge,
  EdgeLabelRenderer,
  type EdgeProps,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NODE_TYPE_STYLES } from '../../components/workflow-panel/node-types';
import { layoutFlowchart, NODE_HEIGHT, NODE_WIDTH, type Point, smoothPath } from './flowchart-layout';

type WorkflowNodeData = { name: string; nodeId: number; count: number; nodeType: number; typeLabel: string };
type WorkflowNode = Node<WorkflowNodeData, 'workflowNode'>;
type RoutedEdgeData = { points: Point[]; label: Point & { width: number }; name: string; dangerous: boolean };
type WorkflowEdge = Edge<RoutedEdgeData, 'routed'>;

const DANGER = '#cf1322';
const NORMAL = '#595959';

function WorkflowNodeBox({ data }: NodeProps<WorkflowNode>) {
  const style = NODE_TYPE_STYLES[data.nodeType] ?? NODE_TYPE_STYLES[2];
  return (
    <div
      className="isf-flow-node"
      style={{ width: NODE_WIDTH, height: NODE_HEIGHT, background: style?.background, borderColor: style?.border }}
      title={`${data.name} (${data.typeLabel})`}
    >
      <Handle type="target" position={Position.Left} className="isf-flow-handle" />
      <div className="isf-flow-node-name">{data.name}</div>
      <div className="isf-flow-node-meta">
        <span>#{data.nodeId}</span>
        <span className="isf-flow-node-type">{data.typeLabel}</span>
        <span className="isf-flow-node-count" style={{ background: style?.border }}>
          {data.count}
        </span>
      </div>
      <Handle type="source" position={Position.Right} className="isf-flow-handle" />
    </div>
  );
}

/** A transition drawn along the route the layout computed, its name where the layout kept room for it. */
function RoutedEdge({ id, data, markerEnd }: EdgeProps<WorkflowEdge>) {
  if (!data) {
    return null;
  }
  const color = data.dangerous ? DANGER : NORMAL;
  return (
    <>
      <BaseEdge
        id={id}
        path={smoothPath(data.points)}
        markerEnd={markerEnd}
        style={{ stroke: color, strokeWidth: 1.5, strokeDasharray: data.dangerous ? '6 4' : undefined }}
      />
      <EdgeLabelRenderer>
        <div
          className="isf-flow-edge-label"
          style={{
            transform: `translate(-50%, -50%) translate(${data.label.x}px, ${data.label.y}px)`,
            maxWidth: data.label.width,
            color,
          }}
        >
          {data.name}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

const nodeTypes = { workflowNode: WorkflowNodeBox };
const edgeTypes = { routed: RoutedEdge };

/**
 * The flowchart of a workflow (spec 1 §2 /wf/{id}): nodes with id, name, count and type (coloured by
 * type), transitions with their names (dangerous ones dashed red), laid out in layers; a click on a node
 * opens its node screen.
 */
export function WorkflowFlowchart({ flowchart }: { flowchart: Flowchart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { nodes, edges } = useMemo(() => {
    const layout = layoutFlowchart(flowchart);
    return {
      nodes: layout.nodes.map<WorkflowNode>((node) => ({
        id: String(node.id),
        type: 'workflowNode',
        position: { x: node.x, y: node.y },
        data: {
          name: node.name,
          nodeId: node.id,
          count: node.count,
          nodeType: node.node_type,
          typeLabel: t(`workflow.nodeType.${node.node_type}`),
        },
        ariaLabel: t('workflow.flowchart.nodeLabel', { name: node.name, count: node.count }),
      })),
      edges: layout.edges.map<WorkflowEdge>((edge) => {
        const dangerous = edge.transitionType === 2;
        return {
          id: String(edge.id),
          type: 'routed',
          source: String(edge.fromNode),
          target: String(edge.toNode),
          markerEnd: { type: MarkerType.ArrowClosed, color: dangerous ? DANGER : NORMAL, width: 18, height: 18 },
          data: { points: edge.points, label: edge.label, name: edge.name, dangerous },
        };
      }),
    };
  }, [flowchart, t]);

  return (
    <div className="isf-flowchart" data-testid="workflow-flowchart">
      <ReactFlow<WorkflowNode, WorkflowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        fitView
        fitViewOptions={{ padding: 0.06, maxZoom: 1.1 }}
        minZoom={0.2}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_event, node) => void navigate(`/node/${node.id}`)}
      >
        <Background gap={24} color="#f0f0f0" />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
