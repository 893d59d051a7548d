import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/i18n.ts';
import { toast } from '../ui/toasts.ts';
import { endsSession, isApiError } from './api-error.ts';
import { sessionStore } from './session-store.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorCode`: the catalogue code toasted when the call fails with no code of its own; `silent`: no toast. */
    queryMeta: { errorCode?: string; silent?: boolean };
    mutationMeta: { errorCode?: string; silent?: boolean };
  }
}

type Meta = { errorCode?: string; silent?: boolean } | undefined;

/** A failed call toasts its catalogue message; generic failures get the screen's own code (e.g. tags.fetchFailed). */
function toastFailure(error: unknown, meta: Meta) {
  if (meta?.silent || endsSession(error)) return;
  const generic = !isApiError(error) || error.code === 'generic.error' || error.code === 'internal.error';
  toast.error(generic ? (meta?.errorCode ?? 'generic.fetchFailed') : error);
}

/** The console's query client: a failure toasts its catalogue message; answers are kept per session and profile. */
export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastFailure(error, query.meta) }),
    mutationCache: new MutationCache({
      // A mutation that handles its errors itself (forms showing field problems) sets meta.silent.
      onError: (error, _variables, _context, mutation) => toastFailure(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        // The cache is kept per session and profile: after a profile switch no answer given to the other profile is
        // shown, and the page being left does not refetch under the new one (profile-change.ts takes it down first).
        // And per language: answers carry labels in the language asked (KPI names, field labels), so switching it
        // asks again instead of showing the other language's.
        queryKeyHashFn: (queryKey) => {
          const session = sessionStore.get();
          return hashKey([session?.data.key ?? '', session?.profile.id ?? '', currentLanguage(), ...queryKey]);
        },
        staleTime: 30_000,
        retry: (failures, error) => !(isApiError(error) && error.status > 0 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

export const queryClient = createQueryClient();
