import { ScorecardPicker } from './ScorecardPicker.tsx';

/** /scorecard_comparison: the active scorecards, each opening its comparison of two windows or versions. */
export default function ComparableScorecardsPage() {
  return <ScorecardPicker screen="scorecard_comparison" />;
}
