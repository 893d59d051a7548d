/** A province the panel spreads its probes over: where it is, roughly, and how many people live in it. */
export interface Province {
  /** The INE code, two digits. */
  code: string;
  name: string;
  /** Near its capital rather than its true centroid: where most of its probes stand. */
  lat: number;
  lon: number;
  /** Inhabitants, in thousands (rounded, of the mid-2020s). */
  population: number;
  /** Half the side of the square, in degrees, its probes are spread over (islands and small provinces less). */
  spread: number;
  timeZone: 'Europe/Madrid' | 'Atlantic/Canary';
}

type Row = [code: string, name: string, lat: number, lon: number, population: number, spread?: number];

// Spain's 50 provinces; rough figures, good enough to weigh a synthetic panel (Ceuta and Melilla are no provinces).
const rows: Row[] = [
  ['01', 'Araba', 42.85, -2.68, 335, 0.25],
  ['02', 'Albacete', 38.99, -1.86, 386],
  ['03', 'Alicante', 38.35, -0.48, 1_900],
  ['04', 'Almeria', 36.84, -2.46, 740],
  ['05', 'Avila', 40.66, -4.7, 159],
  ['06', 'Badajoz', 38.88, -6.97, 665],
  ['07', 'Illes Balears', 39.57, 2.65, 1_210, 0.2],
  ['08', 'Barcelona', 41.39, 2.17, 5_700],
  ['09', 'Burgos', 42.34, -3.7, 357],
  ['10', 'Caceres', 39.47, -6.37, 389],
  ['11', 'Cadiz', 36.53, -6.29, 1_245],
  ['12', 'Castellon', 39.99, -0.05, 590],
  ['13', 'Ciudad Real', 38.99, -3.93, 492],
  ['14', 'Cordoba', 37.89, -4.78, 776],
  ['15', 'A Coruna', 43.36, -8.41, 1_120],
  ['16', 'Cuenca', 40.07, -2.13, 196],
  ['17', 'Girona', 41.98, 2.82, 790],
  ['18', 'Granada', 37.18, -3.6, 925],
  ['19', 'Guadalajara', 40.63, -3.17, 270],
  ['20', 'Gipuzkoa', 43.32, -1.98, 727, 0.2],
  ['21', 'Huelva', 37.26, -6.95, 525],
  ['22', 'Huesca', 42.14, -0.41, 224],
  ['23', 'Jaen', 37.77, -3.79, 623],
  ['24', 'Leon', 42.6, -5.57, 451],
  ['25', 'Lleida', 41.62, 0.62, 440],
  ['26', 'La Rioja', 42.47, -2.45, 320, 0.25],
  ['27', 'Lugo', 43.01, -7.56, 326],
  ['28', 'Madrid', 40.42, -3.7, 6_870],
  ['29', 'Malaga', 36.72, -4.42, 1_700],
  ['30', 'Murcia', 37.99, -1.13, 1_530],
  ['31', 'Navarra', 42.82, -1.64, 664],
  ['32', 'Ourense', 42.34, -7.86, 305],
  ['33', 'Asturias', 43.36, -5.85, 1_010],
  ['34', 'Palencia', 42.01, -4.53, 159],
  ['35', 'Las Palmas', 28.1, -15.41, 1_130, 0.15],
  ['36', 'Pontevedra', 42.43, -8.64, 945, 0.25],
  ['37', 'Salamanca', 40.97, -5.66, 327],
  ['38', 'Santa Cruz de Tenerife', 28.47, -16.25, 1_045, 0.15],
  ['39', 'Cantabria', 43.46, -3.8, 585, 0.25],
  ['40', 'Segovia', 40.95, -4.12, 155],
  ['41', 'Sevilla', 37.39, -5.98, 1_950],
  ['42', 'Soria', 41.76, -2.47, 89],
  ['43', 'Tarragona', 41.12, 1.25, 830],
  ['44', 'Teruel', 40.34, -1.11, 135],
  ['45', 'Toledo', 39.86, -4.02, 710],
  ['46', 'Valencia', 39.47, -0.38, 2_600],
  ['47', 'Valladolid', 41.65, -4.72, 520],
  ['48', 'Bizkaia', 43.26, -2.93, 1_150, 0.2],
  ['49', 'Zamora', 41.5, -5.74, 168],
  ['50', 'Zaragoza', 41.65, -0.89, 970],
];

export const spainProvinces: readonly Province[] = rows.map(([code, name, lat, lon, population, spread = 0.4]) => ({
  code,
  name,
  lat,
  lon,
  population,
  spread,
  timeZone: code === '35' || code === '38' ? 'Atlantic/Canary' : 'Europe/Madrid',
}));
