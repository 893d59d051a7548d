import { ScorecardPicker } from './ScorecardPicker.tsx';

/** /scorecard_live: the active scorecards, each opening its live scores. */
export default function LiveScorecardsPage() {
  return <ScorecardPicker screen="scorecard_live" />;
}
