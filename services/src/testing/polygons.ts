/** A square GeoJSON polygon of `size` degrees from its south-west corner (test fixtures over Madrid and elsewhere). */
export const squarePolygon = (lon: number, lat: number, size = 0.1) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});
