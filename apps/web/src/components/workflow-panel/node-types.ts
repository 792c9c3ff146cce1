/** Colours of the node types (1 start, 2 normal, 3 error, 4 end), shared by tags and the flowchart. */
export const NODE_TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'red', 4: 'green' };

/** The flowchart's fill and border per node type (antd's palette). */
export const NODE_TYPE_STYLES: Record<number, { background: string; border: string }> = {
  1: { background: '#e6f4ff', border: '#1677ff' },
  2: { background: '#fffbe6', border: '#d4b106' },
  3: { background: '#fff1f0', border: '#f5222d' },
  4: { background: '#f6ffed', border: '#52c41a' },
};
