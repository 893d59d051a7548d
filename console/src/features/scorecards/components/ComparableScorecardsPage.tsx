import { ScorecardPicker } from './ScorecardPicker.tsx';

/** Spec §2 /scorecard_comparison: the active scorecards, each opening its comparison of two windows or versions. */
export default function ComparableScorecardsPage() {
  return <ScorecardPicker screen="scorecard_comparison" />;
}
