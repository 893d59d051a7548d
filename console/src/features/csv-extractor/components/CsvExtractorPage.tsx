import type { Profile } from '@nq/contracts/identity/profile';
import { technologiesOfProfileService } from '@nq/contracts/identity/profile-technologies';
import { selectionGroupOf } from '@nq/contracts/identity/selection-group';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useProfile } from '../../../shared/api/profile.ts';
import { CsvOptionsFields } from '../../../shared/csv/CsvOptionsFields.tsx';
import { useCsvOptions } from '../../../shared/csv/useCsvOptions.ts';
import { datesWithin } from '../../../shared/graphic-filters/graphic-filters.ts';
import { currentLanguage, errorMessage } from '../../../shared/i18n/i18n.ts';
import { technologyText } from '../../../shared/i18n/value-texts.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { formatCalendarDay } from '../../../shared/ui/format.ts';
import { Notices } from '../../../shared/ui/notices.tsx';
import { Card, MessagePanel, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { csvTemplatesApi } from '../../csv-templates/api/csv-templates-api.ts';
import { fileKeys } from '../../files/api/files-api.ts';
import { asProblemCall } from '../api/call-problem.ts';
import { csvExtractorApi } from '../api/csv-extractor-api.ts';
import { extractionMachine } from '../machines/extraction.machine.ts';
import { choiceFromParams, type ExtractorChoice, extractionOf, paramsWithChoice } from '../model/extractor-choice.ts';
import { chosenTemplate, offeredTemplates } from '../model/offered-templates.ts';
import { useRememberedAddress } from '../model/remembered-address.ts';
import { ExtractionForm } from './ExtractionForm.tsx';
import { ExtractionStatus, type ExtractionStep } from './ExtractionStatus.tsx';

/** A profile's date limit as a day of the interface language. */
const day = (instant: string | undefined) => formatCalendarDay(instant) || '…';

/** /csv_extractor: extract the measurements chosen as a CSV file, and follow it until it can be downloaded. */
export default function CsvExtractorPage() {
  const { t } = useTranslation('csvExtractor');
  const profile = useProfile();
  if (!profile) return <Spinner label={t('loading')} />;
  if (profile.programs.length === 0) return <MessagePanel title={t('title')} body={t('noPrograms')} />;
  return <CsvExtractor profile={profile} />;
}

function CsvExtractor({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['csvExtractor', 'graphicFilters']);
  const group = selectionGroupOf(profile);
  const { params, update, set } = useAddressState();
  useRememberedAddress('nq.csvExtractor.address', params, (remembered) => update(() => remembered));
  const choice = useMemo(() => choiceFromParams(params, profile, group), [params, profile, group]);
  const choose = (changes: Partial<ExtractorChoice>) =>
    update((current) =>
      paramsWithChoice(current, { ...choiceFromParams(current, profile, group), ...changes }, profile, group),
    );

  const scope = { service: choice.service, programs: choice.programs };
  const templates = useQuery({
    queryKey: ['csvTemplates', scope.service, scope.programs.join(','), undefined],
    queryFn: ({ signal }) => csvTemplatesApi.list(scope, signal),
    meta: { silent: true },
  });
  const offered = offeredTemplates(templates.data?.result ?? []);
  // When the templates cannot be loaded, only the default one is offered (the API's own choice), with why
  // (docs/product/errors.md).
  const template = chosenTemplate(offered, choice.templateId);
  const notices = templates.isError ? [{ code: 'csvExtractor.defaultTemplateOnly' }] : (templates.data?.warnings ?? []);
  // What an extraction naming no technology holds: the profile's of the service, whether or not the templates loaded.
  const usedTechnologies = technologiesOfProfileService(profile, choice.service);

  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      extractionMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            const { file } = await asProblemCall(csvExtractorApi.extract)(input);
            // The files list, and the shell's watch of new files, show it at once.
            void queryClient.invalidateQueries({ queryKey: fileKeys.all });
            return file;
          }),
          readFile: fromPromise(({ input }) => asProblemCall(csvExtractorApi.file)(input)),
          retry: fromPromise(({ input }) => asProblemCall(csvExtractorApi.retry)(input)),
          downloadLink: fromPromise(({ input }) => asProblemCall(csvExtractorApi.downloadLink)(input)),
        },
        actions: { goTo: (_, url: string) => window.location.assign(url) },
      }),
    [queryClient],
  );
  const [state, send] = useMachine(machine);
  useFileInAddress(state.context.fileId, params.get('file') ?? '', set, send);

  const endBeforeStart =
    choice.filters.tsStart && choice.filters.tsEnd && choice.filters.tsEnd < choice.filters.tsStart;
  const datesError = endBeforeStart
    ? errorMessage('validation.endBeforeStart')
    : !datesWithin(choice.filters, profile)
      ? t('graphicFilters:outsideProfileDates', { from: day(profile.tsStart), to: day(profile.tsEnd) })
      : undefined;
  const refusal = state.context.refusal;
  const editing = state.matches('editing');
  // How the file is written: the interface language's defaults, or what the user chose; sent with every extraction.
  const csv = useCsvOptions();
  const extract = () => {
    const call = extractionOf({ ...choice, templateId: templates.isError ? '' : (template?.id ?? '') }, group);
    send({ type: 'EXTRACT', call: { ...call, body: { ...call.body, csv: csv.options } } });
  };

  const step = (['following', 'ready', 'downloading', 'failed', 'retrying', 'lost'] as const).find((value) =>
    state.matches(value),
  ) as ExtractionStep | undefined;

  return (
    <div className="space-y-4">
      <PageHeader title={t('title')}>
        <p className="text-sm text-gray-600">{t('intro')}</p>
      </PageHeader>
      <Card>
        <ExtractionForm
          profile={profile}
          choice={choice}
          onChange={choose}
          templates={{
            offered: templates.isError ? [] : offered,
            chosen: templates.isError ? undefined : template,
            loading: templates.isPending && !templates.isError,
          }}
          problems={refusal?.fields ?? {}}
          datesError={datesError}
          notices={
            <div className="space-y-2">
              <Notices notices={notices} />
              {choice.filters.technologies.length === 0 && usedTechnologies.length > 0 && (
                <p className="text-sm text-gray-600">
                  {t('technologiesUsed', {
                    list: new Intl.ListFormat(currentLanguage()).format(
                      usedTechnologies.map((code) => technologyText(t, code)),
                    ),
                  })}
                </p>
              )}
              {refusal && (
                <p
                  role="alert"
                  data-error-code={refusal.code}
                  className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-800"
                >
                  {errorMessage(refusal.code, refusal.params)}
                </p>
              )}
            </div>
          }
          // The file's headers are its template's column names, whatever the language.
          format={<CsvOptionsFields state={csv} headerLanguage={false} />}
          canExtract={editing && !datesError && !csv.problem && (template !== undefined || templates.isError)}
          busy={state.matches('submitting')}
          onExtract={extract}
        />
      </Card>
      {step && (
        <ExtractionStatus
          step={step}
          file={state.context.file}
          problem={state.context.problem}
          unsteady={state.context.unsteady}
          onDownload={() => send({ type: 'DOWNLOAD' })}
          onRetry={() => send({ type: 'RETRY' })}
          onExtractAgain={() => send({ type: 'EXTRACT_AGAIN' })}
        />
      )}
    </div>
  );
}

/**
 * The file followed lives in the address (`?file=<id>`): a new extraction writes it there, "extract again" removes it,
 * and an address naming a file (a link, Back, coming back to the screen) has the machine follow that one.
 */
function useFileInAddress(
  followed: string,
  inAddress: string,
  set: ReturnType<typeof useAddressState>['set'],
  send: (event: { type: 'FOLLOW'; fileId: string } | { type: 'EXTRACT_AGAIN' }) => void,
) {
  const agreed = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: set and send change at every render, the ids are what matter
  useEffect(() => {
    if (followed === inAddress) agreed.current = followed;
    else if (followed !== agreed.current) {
      agreed.current = followed;
      set({ file: followed || undefined });
    } else {
      agreed.current = inAddress;
      send(inAddress ? { type: 'FOLLOW', fileId: inAddress } : { type: 'EXTRACT_AGAIN' });
    }
  }, [followed, inAddress]);
}
