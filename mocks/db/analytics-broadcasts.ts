import type { Asset } from './assets';
import { createRandom, DAY_MS, mixSeed } from './random';

/** Where an asset may have been broadcast (demo convention for `whereDamBroadcasted`, protocol §18). */
const CHANNELS = [
  { key: 'website', en: 'Website', fr: 'Site web' },
  { key: 'newsletter', en: 'Newsletter', fr: 'Lettre d’information' },
  { key: 'instagram', en: 'Instagram', fr: 'Instagram' },
  { key: 'linkedin', en: 'LinkedIn', fr: 'LinkedIn' },
  { key: 'facebook', en: 'Facebook', fr: 'Facebook' },
  { key: 'print', en: 'Print', fr: 'Impression' },
  { key: 'intranet', en: 'Intranet', fr: 'Intranet' },
] as const;

export interface Broadcast {
  key: string;
  caption: string;
  /** times the asset was published on that channel in the period */
  count: number;
  /** `YYYY-MM-DD` of the last one (real dates: "days ago" counted from today) */
  lastDate: string;
}

/**
 * The channels an asset was broadcast on, drawn from its id: 0 to 4 channels, each with 1 to 12
 * publications over the last 400 days. `nbDays` > 0 keeps the last `nbDays` days; most used first.
 */
export function broadcastsOf(
  asset: Pick<Asset, 'id'>,
  nbDays: number,
  lang: 'en' | 'fr',
  now: number,
): Broadcast[] {
  const rand = createRandom(mixSeed(5_150, asset.id));
  const channels = rand.sample(CHANNELS, rand.int(0, 4));
  const today = Math.floor(now / DAY_MS);
  const list: Broadcast[] = [];
  for (const channel of channels) {
    const agos = Array.from({ length: rand.int(1, 12) }, () => rand.int(0, 399));
    const kept = agos.filter((ago) => nbDays <= 0 || ago < nbDays);
    if (kept.length === 0) continue;
    const last = Math.min(...kept);
    list.push({
      key: channel.key,
      caption: channel[lang],
      count: kept.length,
      lastDate: new Date((today - last) * DAY_MS).toISOString().slice(0, 10),
    });
  }
  return list.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}
