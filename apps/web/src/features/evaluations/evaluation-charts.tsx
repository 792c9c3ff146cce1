import type { EvaluationSummary } from '@isf/contract';
import { Col, Empty, Row } from 'antd';
import { GaugeChart, RadarChart } from 'echarts/charts';
import { RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { drawnAxes, gaugeOption, radarOption } from './evaluation-chart-options';

// only what the dashboard draws (STACK-NOTES: core + gauge + radar), in a chunk of its own
echarts.use([GaugeChart, RadarChart, RadarComponent, TooltipComponent, CanvasRenderer]);

function Chart({ option, label }: { option: echarts.EChartsCoreOption; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) {
      return;
    }
    const chart = echarts.init(element.current);
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [option]);
  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: 300 }} />;
}

/** The average-score gauge and the radar of the six axes (spec 3 Evaluation dashboard). */
export default function EvaluationCharts({ summary }: { summary: EvaluationSummary }) {
  const { t } = useTranslation();
  const hasAxes = drawnAxes(summary.axes).length > 0;
  const gauge = useMemo(() => gaugeOption(summary.score, t('evaluations.average')), [summary.score, t]);
  const radar = useMemo(
    () => radarOption(summary.axes, (criterion) => t(`evaluations.criterion.${criterion}`)),
    [summary.axes, t],
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Chart label={t('evaluations.gauge')} option={gauge} />
      </Col>
      <Col xs={24} md={12}>
        {hasAxes ? <Chart label={t('evaluations.radar')} option={radar} /> : <Empty description={t('evaluations.noData')} />}
      </Col>
    </Row>
  );
}
