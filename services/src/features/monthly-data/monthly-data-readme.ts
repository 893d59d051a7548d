import type { Language } from '@nq/contracts';

export interface MonthlyDataManifest {
  month: string;
  timeZone: string;
  firstDate: string;
  lastDate: string;
  profileName: string;
  generatedAt: string;
  files: { name: string; rows: number }[];
}

const texts = {
  en: {
    title: (month: string) => `Monthly data ${month}`,
    days: (manifest: MonthlyDataManifest) =>
      `Days: ${manifest.firstDate} to ${manifest.lastDate}, in the time zone ${manifest.timeZone}`,
    profile: 'Profile',
    generatedAt: 'Generated at (UTC)',
    files: 'Files: one CSV per service and deployment with probes, columns as POST /medux/{service}/{deployment}/csv',
    rows: 'rows',
    none: 'The profile sees no probes: there are no files.',
  },
  es: {
    title: (month: string) => `Datos mensuales ${month}`,
    days: (manifest: MonthlyDataManifest) =>
      `Días: del ${manifest.firstDate} al ${manifest.lastDate}, en la zona horaria ${manifest.timeZone}`,
    profile: 'Perfil',
    generatedAt: 'Generado el (UTC)',
    files:
      'Archivos: un CSV por servicio y despliegue con sondas, con las columnas de POST /medux/{service}/{deployment}/csv',
    rows: 'filas',
    none: 'El perfil no ve ninguna sonda: no hay archivos.',
  },
} as const;

/** The zip's README.txt: which month, in which time zone, when, and the rows of each file. */
export function monthlyDataReadme(manifest: MonthlyDataManifest, language: Language): string {
  const text = texts[language];
  const lines = [
    text.title(manifest.month),
    '',
    text.days(manifest),
    `${text.profile}: ${manifest.profileName}`,
    `${text.generatedAt}: ${manifest.generatedAt}`,
    '',
    text.files,
    ...(manifest.files.length === 0
      ? [text.none]
      : manifest.files.map((file) => `- ${file.name}: ${file.rows} ${text.rows}`)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
