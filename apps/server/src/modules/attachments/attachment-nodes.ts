import { ATTACHMENT_VALIDATED_NODES } from '@isf/contract';
import { nodeCodesSql } from '../workflow/index.js';

/** The nodes at which an attachment counts as validated (spec 2 §4), for a SQL `IN (…)`. */
export const ATTACHMENT_VALIDATED_NODES_SQL = nodeCodesSql(ATTACHMENT_VALIDATED_NODES);
