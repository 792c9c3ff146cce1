import { commentRequired, type EvaluationAxis, scoreBand } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import { BAND_COLORS, bandColor, drawnAxes, formatScore, gaugeOption, radarOption } from './evaluation-chart-options';
import { fileFits } from './evaluation-create-modal';

const axis = (criterion: EvaluationAxis['criterion'], average: string | null, count: number): EvaluationAxis => ({
  criterion,
  average,
  count,
});

describe('score bands', () => {
  it('is red under 1.66, yellow under 3.33, green from 3.33', () => {
    expect([0, 1.65, 1.66, 3.32, 3.33, 5].map(scoreBand)).toEqual(['red', 'red', 'yellow', 'yellow', 'green', 'green']);
    expect(bandColor('1.50')).toBe(BAND_COLORS.red);
    expect(bandColor('3.33')).toBe(BAND_COLORS.green);
    expect(bandColor(null)).toBeUndefined();
  });

  it('shows averages with one decimal', () => {
    expect(formatScore('3.25')).toBe('3,3');
    expect(formatScore('4.00')).toBe('4,0');
    expect(formatScore(null)).toBe('–');
  });
});

describe('the comment rule', () => {
  it('requires a comment when any rating is below 3 stars', () => {
    expect(commentRequired([3, 5])).toBe(false);
    expect(commentRequired([4, 2])).toBe(true);
    expect(commentRequired([1])).toBe(true);
    expect(commentRequired([undefined, null])).toBe(false);
  });

  it('accepts attachments of 2 MB at most', () => {
    expect(fileFits({ size: 2 * 1024 * 1024 })).toBe(true);
    expect(fileFits({ size: 2 * 1024 * 1024 + 1 })).toBe(false);
  });
});

describe('the charts', () => {
  const axes = [
    axis('relational', '2.00', 1),
    axis('rse', null, 0),
    axis('quality', '3.00', 2),
    axis('reactivity', null, 0),
    axis('technic', '5.00', 1),
    axis('safety', '4.50', 4),
  ];

  it('draws only the axes with ratings, from 0 to 5', () => {
    expect(drawnAxes(axes).map((entry) => entry.criterion)).toEqual(['relational', 'quality', 'technic', 'safety']);
    const option = radarOption(axes, (criterion) => criterion.toUpperCase());
    expect(option.radar.indicator).toEqual([
      { name: 'RELATIONAL', min: 0, max: 5 },
      { name: 'QUALITY', min: 0, max: 5 },
      { name: 'TECHNIC', min: 0, max: 5 },
      { name: 'SAFETY', min: 0, max: 5 },
    ]);
    expect(option.series[0]?.data[0]?.value).toEqual([2, 3, 5, 4.5]);
  });

  it('runs the gauge from -1.6 to 5 with its bands changing at 0, 1.7 and 3.3', () => {
    const gauge = gaugeOption('3.25', 'Note').series[0];
    expect([gauge?.min, gauge?.max]).toEqual([-1.6, 5]);
    const stops = gauge?.axisLine.lineStyle.color.map(([fraction]) => Number((-1.6 + Number(fraction) * 6.6).toFixed(2)));
    expect(stops).toEqual([0, 1.7, 3.3, 5]);
    expect(gauge?.detail.formatter()).toBe('3,3');
    expect([-1.6, 0.05, 1.7, 3.35, 5].map((tick) => gauge?.axisLabel.formatter(tick))).toEqual([
      '-1,6',
      '0,0',
      '1,7',
      '3,3',
      '5,0',
    ]);
  });
});
