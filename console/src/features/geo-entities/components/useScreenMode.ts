import { useNavigate } from 'react-router';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import type { ScreenMode, ScreenRouteScheme } from '../model/screen-route.ts';

/** The screen's mode from the address, and a way to go to another (a new history entry, so Back returns). */
export function useScreenMode(scheme: ScreenRouteScheme) {
  const { params } = useAddressState();
  const navigate = useNavigate();
  const mode = scheme.read(params);
  const go = (next: ScreenMode) => void navigate({ search: scheme.search(next) });
  return [mode, go] as const;
}
