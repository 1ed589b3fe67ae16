/**
 * What a confidence is worth to a reviewer, from judged values (confidence, right or wrong): the
 * expected calibration error over 10 equal-width bins, the mean confidence of right and of wrong
 * values and their gap, and the share of wrong and of right values below the review mark (0.5).
 */
export const REVIEW_MARK = 0.5;

export interface CalibrationFigures {
  values: number;
  ece: number;
  meanRight: number;
  meanWrong: number;
  gap: number;
  wrongBelowMark: number;
  rightBelowMark: number;
}

export function calibrationFigures(judged: readonly { confidence: number; right: boolean }[]): CalibrationFigures {
  const mean = (xs: readonly { confidence: number }[]) => (xs.length ? xs.reduce((a, j) => a + j.confidence, 0) / xs.length : NaN);
  let ece = 0;
  for (let b = 0; b < 10; b++) {
    const inBin = judged.filter((j) => Math.min(9, Math.floor(j.confidence * 10)) === b);
    if (inBin.length === 0) continue;
    const accuracy = inBin.filter((j) => j.right).length / inBin.length;
    ece += (inBin.length / judged.length) * Math.abs(accuracy - mean(inBin));
  }
  const right = judged.filter((j) => j.right);
  const wrong = judged.filter((j) => !j.right);
  const below = (xs: typeof judged) => (xs.length ? xs.filter((j) => j.confidence < REVIEW_MARK).length / xs.length : NaN);
  return {
    values: judged.length,
    ece: judged.length ? ece : NaN,
    meanRight: mean(right),
    meanWrong: mean(wrong),
    gap: mean(right) - mean(wrong),
    wrongBelowMark: below(wrong),
    rightBelowMark: below(right),
  };
}

/** The targets: ECE ≤ 0.1, gap ≥ 0.3, ≥ half the wrong values below the mark, ≤ 5 % of the right ones. */
export function meetsTargets(f: CalibrationFigures): boolean {
  return f.ece <= 0.1 && f.gap >= 0.3 && f.wrongBelowMark >= 0.5 && f.rightBelowMark <= 0.05;
}
