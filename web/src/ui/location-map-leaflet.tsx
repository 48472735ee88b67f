import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { configQuery } from '../lib/session';
import type { LocationMapProps } from './location-map';

/** Keeps the view on the place when the coordinates change (typing them in a form). */
function FollowPlace({ lat, lon, zoom }: { lat: number; lon: number; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lon], zoom);
  }, [map, lat, lon, zoom]);
  return null;
}

/**
 * The map itself. A circle marker needs no marker images (Leaflet's default icon breaks under
 * bundlers); tiles that fail to load (offline, tests) only leave the background grey.
 */
export function LeafletMap({ lat, lon, label, zoom = 15, height = 300 }: LocationMapProps) {
  const config = useQuery(configQuery);
  const tiles = config.data?.map_tiles_url ?? '';
  return (
    <Box
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', isolation: 'isolate' }}
      data-testid="map"
    >
      <MapContainer
        center={[lat, lon]}
        zoom={zoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%', background: 'var(--mantine-color-gray-2)' }}
      >
        {tiles ? (
          <TileLayer
            url={tiles}
            attribution={
              tiles.includes('openstreetmap.org')
                ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
                : undefined
            }
          />
        ) : null}
        <FollowPlace lat={lat} lon={lon} zoom={zoom} />
        <CircleMarker
          center={[lat, lon]}
          radius={9}
          pathOptions={{ color: '#854600', weight: 3, fillColor: '#cc8a40', fillOpacity: 0.9 }}
        >
          {label ? <Tooltip>{label}</Tooltip> : null}
        </CircleMarker>
      </MapContainer>
    </Box>
  );
}
