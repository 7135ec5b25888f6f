import { useQuery } from '@tanstack/react-query';
import { api, MAP_CODES, type TMapSettings } from '@tracehub/contract';
import { call } from '../../api/client';
import { usePermissions } from '../../shared/permissions';
import { OFFLINE_MAP_SETTINGS } from './mapSettings';

/**
 * The deployment's map services (/map/settings), asked once per session; the offline basemap until they
 * answer, and for members without a map's code.
 */
export function useMapSettings(): TMapSettings {
  const can = usePermissions();
  const query = useQuery({
    queryKey: ['map', 'settings'],
    queryFn: ({ signal }) => call(api.map.settings, {}, { signal, silent: true }),
    enabled: can(MAP_CODES),
    staleTime: Infinity,
  });
  return query.data ?? OFFLINE_MAP_SETTINGS;
}
