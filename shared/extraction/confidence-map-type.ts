/** The shape of a fitted confidence map: apart from calibration.ts so the generated map imports no code. */
export interface ConfidenceMap {
  features: readonly string[];
  weights: readonly number[];
}
