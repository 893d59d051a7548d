import { assign, fromPromise, setup } from 'xstate';

/** What the server answers when it issues a token or API client: the secret is never shown again. */
export interface IssuedCredential {
  clientId: string;
  clientSecret: string;
}

export interface IssueFailure {
  code: string;
  fields?: Record<string, string>;
}

/**
 * Generate a token or API client (docs/product/entities.md#token): fill the form, the server issues it, and its secret
 * is shown once until the user closes it. A refusal (an expiry in the past, a profile without API access) goes back to
 * the form.
 */
export const issueCredentialMachine = setup({
  types: {
    context: {} as { failure?: IssueFailure | undefined; issued?: IssuedCredential | undefined },
    events: {} as
      | { type: 'OPEN' }
      | { type: 'SUBMIT'; request: Record<string, unknown> }
      | { type: 'CANCEL' }
      | { type: 'CLOSE' },
  },
  actors: {
    issue: fromPromise<IssuedCredential, Record<string, unknown>>(async () => {
      throw new Error('provide the issue actor');
    }),
  },
}).createMachine({
  id: 'issueCredential',
  context: {},
  initial: 'idle',
  states: {
    idle: { on: { OPEN: { target: 'editing', actions: assign({ failure: undefined, issued: undefined }) } } },
    editing: {
      on: {
        SUBMIT: { target: 'issuing', actions: assign({ failure: undefined }) },
        CANCEL: 'idle',
      },
    },
    issuing: {
      invoke: {
        src: 'issue',
        input: ({ event }) => (event as { request: Record<string, unknown> }).request,
        onDone: { target: 'showingSecret', actions: assign({ issued: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as IssueFailure }) },
      },
    },
    showingSecret: { on: { CLOSE: { target: 'idle', actions: assign({ issued: undefined }) } } },
  },
});
