import { mapProviderOf, type TMapSettings } from '@tracehub/contract';
import type { TConfig } from '../../config.ts';

/** The map services of the deployment, as the console loads them (contract map.ts). */
export function mapSettings(
  config: Pick<TConfig, 'MAP_SCRIPT_URL' | 'MAP_FALLBACK_URL' | 'MAP_KEY'>,
): TMapSettings {
  const scriptUrl = config.MAP_SCRIPT_URL ?? '';
  return {
    provider: mapProviderOf(scriptUrl),
    scriptUrl,
    fallbackUrl: config.MAP_FALLBACK_URL ?? '',
    key: config.MAP_KEY ?? '',
  };
}

/**
 * The origins the console's policy must allow for the configured map services (their scripts, tiles and
 * routing requests); none with the offline basemap, so a default start allows nothing beyond its own.
 */
export function mapOrigins(config: Pick<TConfig, 'MAP_SCRIPT_URL' | 'MAP_FALLBACK_URL'>): string[] {
  return [config.MAP_SCRIPT_URL, config.MAP_FALLBACK_URL].flatMap((url) =>
    url ? [new URL(url).origin] : [],
  );
}
