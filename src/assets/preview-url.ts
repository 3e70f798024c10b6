import { preload } from 'react-dom';
import { imageByQuery, viewerVariation } from '../../streams/players/selectors';

/** The address of an asset's large preview (watermarked for a watermarked viewer), as its page shows it. */
export function previewUrl(apiPath: string, resource: string, id: string, watermarked: boolean): string {
  return imageByQuery(apiPath, resource, id, viewerVariation('preview', watermarked));
}

/**
 * Starts fetching an asset's large preview before its page opens (a tile pointed at or focused,
 * the page's "Next"), so the page paints it from the browser's cache (issue 22). React keeps one
 * `<link rel="preload">` per address. No event: it steers nothing the state or a replay holds (the
 * page still asks for the preview as before, the browser's cache only answers it sooner).
 */
export function prefetchPreview(url: string): void {
  preload(url, { as: 'image' });
}
