import 'leaflet/dist/leaflet.css';
import { routeMarkers } from '@letokruh/contracts/rules/day-route';
import type { Point } from '@letokruh/contracts/rules/distance';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMapEvents } from 'react-leaflet';
import { configQuery } from '../../lib/session';

/**
 * The day's stops on a small map, numbered in driving order, joined by straight lines from the
 * warehouse (a square marker's stand-in: a darker circle). Tiles that do not load (no signal)
 * leave the background grey; the markers and the lines still show the order.
 */
export default function RouteMap({ points, fromYard }: { points: Point[]; fromYard: boolean }) {
  const config = useQuery(configQuery);
  const tiles = config.data?.map_tiles_url ?? '';
  const stops = fromYard ? points.slice(1, -1) : points;
  const bounds = points.map((p) => [p.lat, p.lon] as [number, number]);
  return (
    <Box
      h={180}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', isolation: 'isolate' }}
      data-testid="route-map"
    >
      <MapContainer
        bounds={bounds}
        boundsOptions={{ padding: [16, 16], maxZoom: 13 }}
        scrollWheelZoom={false}
        dragging={false}
        zoomControl={false}
        style={{ height: '100%', width: '100%', background: 'var(--mantine-color-gray-2)' }}
      >
        {tiles ? <TileLayer url={tiles} /> : null}
        <Polyline positions={bounds} pathOptions={{ color: '#854600', weight: 3, opacity: 0.8 }} />
        {fromYard && (
          <CircleMarker
            center={bounds[0]!}
            radius={8}
            pathOptions={{ color: '#3b2000', fillColor: '#3b2000', fillOpacity: 1 }}
          />
        )}
        <StopMarkers stops={stops} />
      </MapContainer>
    </Box>
  );
}

/**
 * The stops numbered in driving order. Stops whose numbers would cover each other where the map
 * draws them share a marker ("2, 3"); counted again when the map is zoomed.
 */
function StopMarkers({ stops }: { stops: Point[] }) {
  const [, redraw] = useState(0);
  const map = useMapEvents({ zoomend: () => redraw((n) => n + 1) });
  const markers = routeMarkers(stops, (p) => map.latLngToContainerPoint([p.lat, p.lon]));
  return markers.map(({ at, numbers }) => (
    <CircleMarker
      key={numbers.join()}
      center={[at.lat, at.lon]}
      radius={10}
      pathOptions={{ color: '#854600', weight: 2, fillColor: '#cc8a40', fillOpacity: 0.95 }}
    >
      <Tooltip permanent direction="center" className="route-number">
        {numbers.join(', ')}
      </Tooltip>
    </CircleMarker>
  ));
}
