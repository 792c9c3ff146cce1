import { type EvaluationAxis, type EvaluationCriterion, type ScoreBand, scoreBand } from '@isf/contract';

/** Colours of the score bands (spec 3 §9): red, yellow, green. */
export const BAND_COLORS: Record<ScoreBand, string> = { red: '#cf1322', yellow: '#faad14', green: '#389e0d' };

export function bandColor(score: string | number | null): string | undefined {
  return score === null || score === '' ? undefined : BAND_COLORS[scoreBand(Number(score))];
}

/** An average shown with one decimal (spec 3 §9), in the locale's notation. */
export function formatScore(score: string | number | null, locale = 'fr-FR'): string {
  if (score === null || score === '') {
    return '–';
  }
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(score));
}

/** Spec 3 §2: only axes with at least one rating are drawn. */
export function drawnAxes(axes: readonly EvaluationAxis[]): EvaluationAxis[] {
  return axes.filter((axis) => axis.count > 0);
}

/** The gauge's marked values (spec 3 §9): its ends and its segment limits. */
export const GAUGE_MARKS = [-1.6, 0, 1.7, 3.3, 5];

/** Ticks fall every 1.65 from -1.6: each is shown as the mark it stands for. */
function gaugeTick(tick: number): string {
  return formatScore(GAUGE_MARKS.find((mark) => Math.abs(mark - tick) < 0.1) ?? tick);
}

/** Spec 3 §9: gauge from -1.6 to 5, segments at 0, 1.7 and 3.3, the average with one decimal. */
export function gaugeOption(score: string | null, label: string) {
  const value = score === null ? 0 : Number(score);
  return {
    series: [
      {
        type: 'gauge',
        min: -1.6,
        max: 5,
        splitNumber: 4,
        axisLine: {
          lineStyle: {
            width: 18,
            // stops as fractions of the -1.6..5 range: 0, 1.7, 3.3 and 5
            color: [
              [1.6 / 6.6, '#d9d9d9'],
              [3.3 / 6.6, BAND_COLORS.red],
              [4.9 / 6.6, BAND_COLORS.yellow],
              [1, BAND_COLORS.green],
            ],
          },
        },
        pointer: { width: 5 },
        axisLabel: { formatter: gaugeTick, distance: 22 },
        detail: { formatter: () => formatScore(score), fontSize: 26, offsetCenter: [0, '60%'] },
        title: { offsetCenter: [0, '88%'] },
        data: [{ value, name: label }],
      },
    ],
  };
}

/** Spec 3 §9: radar axes 0 to 5, one per criterion with ratings. */
export function radarOption(axes: readonly EvaluationAxis[], labelOf: (criterion: EvaluationCriterion) => string) {
  const drawn = drawnAxes(axes);
  return {
    tooltip: {},
    radar: { indicator: drawn.map((axis) => ({ name: labelOf(axis.criterion), min: 0, max: 5 })), radius: '65%' },
    series: [
      {
        type: 'radar',
        areaStyle: { opacity: 0.25 },
        data: [{ value: drawn.map((axis) => Number(axis.average ?? 0)), name: '' }],
      },
    ],
  };
}
