import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNearView } from '../lib/near-view';

/** Leaflet and its CSS load only with the first map, so that lists and forms do not pay for them. */
const LeafletMap = lazy(() => import('./location-map-leaflet').then((m) => ({ default: m.LeafletMap })));

export type LocationMapProps = {
  lat: number;
  lon: number;
  /** What the marker's tooltip says, e.g. the address. */
  label?: string;
  /** domain.md §2.9: map zoom 15. */
  zoom?: number;
  height?: number;
};

/**
 * A map of one place (domain.md §3.3: Leaflet with the configured tile address), drawn when it
 * comes near the screen (decision 0102); its box holds its height meanwhile.
 */
export function LocationMap(props: LocationMapProps) {
  const height = props.height ?? 300;
  const { ref: box, near } = useNearView();
  const waiting = (
    <Center h={height} ref={box}>
      <Loader size="sm" />
    </Center>
  );
  if (!near) return waiting;
  return (
    <Suspense fallback={waiting}>
      <LeafletMap {...props} height={height} />
    </Suspense>
  );
}
