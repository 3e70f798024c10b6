/** Creates and revokes `blob:` addresses: the browser's URL API, a fake in tests. */
interface ObjectUrlPort {
  create(blob: Blob): string;
  revoke(url: string): void;
}

const browserObjectUrls: ObjectUrlPort = {
  create: (blob) => URL.createObjectURL(blob),
  revoke: (url) => URL.revokeObjectURL(url),
};

/**
 * `blob:` addresses of pictures fetched with credentials (the images of a password-protected
 * share), in groups (one per share) that are revoked together when no screen shows them. Like
 * the share passwords they come from, they live in tab memory and never in an event: events say
 * which picture is loaded, the view reads its address here.
 */
export class ObjectUrls {
  private readonly groups = new Map<string, Map<string, string>>();

  constructor(private readonly port: ObjectUrlPort = browserObjectUrls) {}

  /** Keeps the blob under (group, key), revoking the address it replaces. */
  put(group: string, key: string, blob: Blob): string {
    const urls = this.groups.get(group) ?? new Map<string, string>();
    this.groups.set(group, urls);
    const previous = urls.get(key);
    if (previous) this.port.revoke(previous);
    const url = this.port.create(blob);
    urls.set(key, url);
    return url;
  }

  get(group: string, key: string): string | undefined {
    return this.groups.get(group)?.get(key);
  }

  /** Revokes every address of the group. */
  release(group: string): void {
    for (const url of this.groups.get(group)?.values() ?? []) this.port.revoke(url);
    this.groups.delete(group);
  }

  /** How many addresses are alive (tests). */
  get size(): number {
    let count = 0;
    for (const urls of this.groups.values()) count += urls.size;
    return count;
  }
}
