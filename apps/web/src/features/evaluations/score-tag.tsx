import { Tag } from 'antd';
import { bandColor, formatScore } from './evaluation-chart-options';

/** A score with one decimal on its colour band (spec 3 §9). */
export function ScoreTag({ score }: { score: string | null }) {
  return (
    <Tag color={bandColor(score)} style={{ minWidth: 40, textAlign: 'center' }}>
      {formatScore(score)}
    </Tag>
  );
}
