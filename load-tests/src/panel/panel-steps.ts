/** The benchmark's steps in their order, and what each needs made before it on a fresh platform. */
export const panelSteps = [
  { number: 1, name: 'config', needs: [] },
  { number: 2, name: 'import', needs: ['config'] },
  { number: 3, name: 'groups', needs: ['import'] },
  { number: 4, name: 'heartbeats', needs: ['import'] },
  { number: 5, name: 'results', needs: ['import'] },
  { number: 6, name: 'screens', needs: ['groups'] },
] as const;

export type StepName = (typeof panelSteps)[number]['name'];

/**
 * The steps to run from a selection (`2,4`, `import,screens`, `1-3`; empty: all). On a fresh platform the steps the
 * chosen ones need run too, marked as such; on a kept run's data only the chosen ones run.
 */
export function chooseSteps(selection: string | undefined, fresh: boolean) {
  const chosen = new Set<StepName>();
  for (const part of (selection ?? '').split(',').filter(Boolean)) {
    const [from, to = from] = part.split('-').map((end) => end.trim());
    const index = (end: string | undefined) => panelSteps.findIndex((s) => String(s.number) === end || s.name === end);
    const [first, last] = [index(from), index(to)];
    if (first < 0 || last < 0)
      throw new Error(`BENCH_STEPS: no step '${part}' (${panelSteps.map((s) => `${s.number} ${s.name}`).join(', ')})`);
    for (const step of panelSteps.slice(first, last + 1)) chosen.add(step.name);
  }
  if (chosen.size === 0) for (const step of panelSteps) chosen.add(step.name);
  const needed = new Set<StepName>();
  const need = (name: StepName) => {
    for (const earlier of panelSteps.find((step) => step.name === name)!.needs) {
      needed.add(earlier);
      need(earlier);
    }
  };
  if (fresh) for (const name of chosen) need(name);
  return {
    runs: (name: StepName) => chosen.has(name) || needed.has(name),
    /** Run only because a chosen step needs it. */
    prerequisite: (name: StepName) => !chosen.has(name) && needed.has(name),
  };
}
