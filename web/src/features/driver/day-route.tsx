import type { DriverStop } from '@letokruh/contracts/driver';
import { dayRoute, geoUri, isPlace, mapyCzRouteUrl } from '@letokruh/contracts/rules/day-route';
import { Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNearView } from '../../lib/near-view';
import { preloadable, useCode } from '../../lib/preloadable';
import { useFormat } from '../../ui/format';

/**
 * Leaflet is drawn when the route comes near the screen, below the stops (decision 0102), and its
 * code is loaded then (decision 0105): its evaluation alone held a phone's main thread for about
 * 50 ms at 4× CPU while the day was taken over. Without a signal the service worker has it; before
 * the service worker has the app, a note stands in for the map until the signal returns.
 */
export const RouteMap = preloadable(() => import('./route-map'));

/**
 * The day's route (domain.md §2.11): a small map of the stops still to drive, in order, from the
 * warehouse and back; its estimated km and driving time (from coordinates, decision 0078); the
 * whole route in Mapy.cz, and the next place as a geo: link for any other navigation app.
 */
export function DayRoute({ stops }: { stops: DriverStop[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { ref: box, near } = useNearView();
  const map = useCode(RouteMap, near);
  const left = stops.filter(
    (s) => !s.done && !s.delivered && isPlace({ lat: s.address.gps_lat, lon: s.address.gps_lon }),
  );
  if (left.length === 0) return null;
  const yard = left.find((s) => s.warehouse)?.warehouse ?? null;
  const route = dayRoute(
    yard && { lat: yard.gps_lat, lon: yard.gps_lon },
    left.map((s) => ({ lat: s.address.gps_lat, lon: s.address.gps_lon })),
  );
  const mapy = mapyCzRouteUrl(route.points);
  const first = left[0]!;
  const hours = Math.floor(route.duration / 60);
  const waiting = (
    <Center h={180} ref={box}>
      <Loader size="sm" />
    </Center>
  );
  const minutes = route.duration % 60;
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={t('driverDay.route.title')}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('driverDay.route.title')}
        </Title>
        {map === 'loaded' ? (
          <RouteMap
            points={route.points}
            fromYard={!!yard && isPlace({ lat: yard.gps_lat, lon: yard.gps_lon })}
          />
        ) : map === 'failed' ? (
          <Center h={180}>
            <Text size="sm" c="dimmed" ta="center">
              {t('driverDay.route.mapLater')}
            </Text>
          </Center>
        ) : (
          waiting
        )}
        <Text size="sm" data-testid="route-total">
          {t('driverDay.route.total', {
            count: left.length,
            km: f.number(route.distance),
            time: hours
              ? t('driverDay.route.hours', { hours, minutes })
              : t('driverDay.route.minutes', { minutes }),
          })}
        </Text>
        {/* One under the other: side by side, "Navigovat celou trasu" was cut off on a phone. */}
        <Stack gap="xs">
          {mapy && (
            <Button component="a" href={mapy} target="_blank" rel="noreferrer" data-testid="route-mapy">
              {t('driverDay.route.navigate')}
            </Button>
          )}
          <Button
            component="a"
            variant="light"
            href={geoUri(
              { lat: first.address.gps_lat, lon: first.address.gps_lon },
              first.address.full_address,
            )}
            data-testid="route-geo"
          >
            {t('driverDay.route.geo')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
